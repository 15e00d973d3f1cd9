/** The sandbox provider's account dashboard page (issue #7; being written). */
export function SandboxDashboardPage() {
  return null;
}
