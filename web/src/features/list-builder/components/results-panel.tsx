/** Placeholder: being built. */
export function ResultsPanel() {
  return null;
}
