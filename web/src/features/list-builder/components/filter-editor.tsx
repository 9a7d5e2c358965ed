/** Placeholder: being built. */
export function FilterEditor() {
  return null;
}
