/** /settings/account — being built. */
export function AccountSettingsPage() {
  return null;
}
