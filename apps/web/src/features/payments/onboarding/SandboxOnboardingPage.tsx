/** /sandbox/onboarding/:accountId — being built. */
export function SandboxOnboardingPage() {
  return null;
}
