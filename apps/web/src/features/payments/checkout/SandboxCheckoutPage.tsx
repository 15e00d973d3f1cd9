/** The sandbox provider's hosted checkout page (issue #7; being written). */
export function SandboxCheckoutPage() {
  return null;
}
