/** Placeholder: being built. */
export function DescribePanel() {
  return null;
}
