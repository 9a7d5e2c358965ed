/**
 * The last translations of descriptions (the filter-builder's answers), kept in sessionStorage so
 * the Describe chips ("in germany" → HQ in Germany) come back after a reload, when the URL still
 * holds the description and its filters. A translation costs credits: it is never asked for again
 * just to redraw chips.
 */
import type { FilterBuilderResponse } from '@contract/api';
import { readSessionJson, writeSessionJson } from '@/lib/session-json';

const STORAGE_KEY = 'list-builder.translations';
/** Enough for the descriptions of one session's back and forward; the oldest go first. */
const KEEP = 20;

type Entry = { q: string; response: FilterBuilderResponse };

function isEntry(v: unknown): v is Entry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const r = e.response as Record<string, unknown> | null | undefined;
  return typeof e.q === 'string' && typeof r === 'object' && r !== null && typeof r.data === 'object';
}

function load(): Entry[] {
  const parsed = readSessionJson(STORAGE_KEY);
  return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
}

/** Remembers what a description was translated to (the newest answer wins). */
export function rememberTranslation(q: string, response: FilterBuilderResponse) {
  const entries = [{ q, response }, ...load().filter((e) => e.q !== q)].slice(0, KEEP);
  // Lost with a full or disabled storage: only the chips, on reload; the filters are in the URL.
  writeSessionJson(STORAGE_KEY, entries);
}

/** The remembered translation of a description, if this tab made one. */
export function rememberedTranslation(q: string | undefined): FilterBuilderResponse | undefined {
  if (!q) return undefined;
  return load().find((e) => e.q === q)?.response;
}
