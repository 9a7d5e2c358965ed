/**
 * Text normalisation shared by every free-text match (decisions section 4: case- and
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
