/**
 * A problem's field errors as sentences a rep reads (docs/product-rules.md, section 18): the API
 * names a field by its path ("seeds.0", "filters.funding_detail.funding_overview.funding_stage.2")
 * and words its message for engineers ("no company found for \"acme.io\""); the screens say "We could
 * not find a company at acme.io." and "Funding stage: …" instead. The paths stay in the problem
 * body for whoever reads the API.
 */
import { FILTER_BY_KEY, LIST_FILTER_BY_KEY } from '@contract/filters';
import type { ProblemField } from '@contract/problem';

/** Words for request fields that are no filter key (the last named segment of a path). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  seeds: 'Companies to match',
  companies: 'Companies',
  add: 'Companies to add',
  remove: 'Companies to remove',
  limit: 'Number of companies',
  offset: 'Page',
  sort: 'Sort',
  order: 'Sort order',
  query: 'Description',
  name: 'Name',
  website: 'Website',
  company_name: 'Company name',
  columns: 'Columns',
  sections: 'Columns',
  exclude_account_lists: 'Account lists left out',
  daily_budget: 'Daily budget',
};

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const sentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/** The filter a path is under ("filters.<key>…", "exclude.<key>…"), by the longest catalog key. */
function filterLabel(path: string): string | undefined {
  // An export names the list's fields under its `request` ("request.filters.<key>").
  const [head, ...rest] = path.replace(/^request\./, '').split('.');
  const inner = head === 'filters' || head === 'exclude' ? rest.join('.') : path;
  let best: { key: string; label: string } | undefined;
  for (const catalog of [LIST_FILTER_BY_KEY, FILTER_BY_KEY]) {
    for (const [key, def] of catalog) {
      const under = inner === key || inner.startsWith(`${key}.`);
      if (under && (!best || key.length > best.key.length)) best = { key, label: def.label };
    }
  }
  if (!best) return undefined;
  return head === 'exclude' ? `${best.label} (left out)` : best.label;
}

/** What a request field is called on screen: a filter's label, a known field's words, else its name. */
export function fieldLabel(path: string): string | undefined {
  if (!path) return undefined;
  const filter = filterLabel(path);
  if (filter) return filter;
  const named = path.split('.').filter((s) => !/^\d+$/.test(s));
  const last = named.at(-1);
  if (!last) return undefined;
  return FIELD_WORDS[last] ?? capital(last.replaceAll('_', ' '));
}

/** A field error as one sentence, without its path. */
export function fieldSentence(f: ProblemField): string {
  const unknown = /^no company found for "(.+)"$/.exec(f.message);
  if (unknown) {
    const typed = unknown[1]!;
    // A website reads "at acme.io"; a name "called “Acme”".
    return /^[^\s]+\.[a-z]{2,}(\/.*)?$/i.test(typed)
      ? `We could not find a company at ${typed}.`
      : `We could not find a company called “${typed}”.`;
  }
  if (/^no company found with the id/.test(f.message))
    return 'We could not find one of these companies any more.';
  const label = fieldLabel(f.path);
  return sentence(label ? `${label}: ${f.message}` : capital(f.message));
}

/**
 * A problem's `detail` for the screen: the BFF writes a 400 with one field error as "path: message"
 * (`invalidDetail`, bff/contract/problem.ts); that becomes the field's sentence, and "3 fields are
 * invalid" a sentence that does not say "fields". Any other detail is already words and stays.
 */
export function plainDetail(detail: string, errors: readonly ProblemField[] | undefined): string {
  if (!errors || errors.length === 0) return detail;
  const first = errors[0]!;
  if (errors.length === 1 && detail === `${first.path}: ${first.message}`) return fieldSentence(first);
  // A detail that is the message alone was worded without its field: made a sentence, not labelled.
  if (errors.length === 1 && detail === first.message) return fieldSentence({ ...first, path: '' });
  if (detail === `${errors.length} fields are invalid`)
    return `${errors.length} things in this request need a change.`;
  return detail;
}
