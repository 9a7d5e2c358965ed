/** Words that introduce a founding date ("founded", "established", "set up"), as a regular-expression source. */
export const FOUNDING_VERBS =
  '(?:founded|established|started|incorporated|created|launched|formed|est|born|set up)';
