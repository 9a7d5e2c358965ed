/**
 * Text normalisation shared by every free-text match (docs/product-rules.md, section 4: case- and
 * accent-insensitive, whole-word): "São Paulo" and "sao paulo" are the same words.
 */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when the words of `phrase` occur, whole and in order, in `value`. */
export function containsWords(value: string, phrase: string): boolean {
  const p = normalizeText(phrase);
  if (p === '') return false;
  return ` ${normalizeText(value)} `.includes(` ${p} `);
}

/**
 * The text in lower case with the same length, so offsets found in it hold in the original:
 * dashes as "-", curly apostrophes as "'", any character whose lower case is longer kept as it is.
 */
export function lowerShadow(text: string): string {
  let out = '';
  for (const ch of text) {
    let c = ch;
    if (c === '\u2013' || c === '\u2014' || c === '\u2212') c = '-';
    else if (c === '\u2019' || c === '\u2018') c = "'";
    else if (c === '\u00a0') c = ' ';
    const lower = c.toLowerCase();
    out += lower.length === c.length ? lower : c;
  }
  return out;
}
