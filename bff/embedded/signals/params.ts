/**
 * Query parameters of the signal endpoints as an object for the contract's schemas: a repeatable
 * parameter (`products`) keeps every value, and also takes comma-separated ids; any other parameter
 * given twice keeps its last value.
 */
export function signalQuery(url: string, repeatable: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const params = new URL(url).searchParams;
  for (const [k, v] of params) {
    if (repeatable.includes(k)) {
      const ids = params
        .getAll(k)
        .flatMap((x) => x.split(','))
        .map((x) => x.trim())
        .filter((x) => x !== '');
      // `?products=` names no product: left as an empty id so validation says so.
      out[k] = ids.length > 0 ? ids : [''];
    } else {
      out[k] = v;
    }
  }
  return out;
}
