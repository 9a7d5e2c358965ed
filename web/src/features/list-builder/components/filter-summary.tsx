/** Placeholder: being built. */
export function FilterSummary() {
  return null;
}
