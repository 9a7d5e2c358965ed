/**
 * JSON values kept in this tab's sessionStorage. Storage can be missing (tests, some embedded
 * browsers), full or disabled: reading then gives null and writing does nothing, because what is
 * kept there is only a convenience (a selection, the way back, chips) whose loss costs nothing.
 */

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The parsed value under `key`, or null when there is none or it cannot be read. */
export function readSessionJson(key: string): unknown {
  try {
    const saved = storage()?.getItem(key);
    return saved ? (JSON.parse(saved) as unknown) : null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes it. */
export function writeSessionJson(key: string, value: unknown): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled: see above.
  }
}
