/** /charts/revenue (issue #7; being written). */
export function RevenuePage() {
  return null;
}
