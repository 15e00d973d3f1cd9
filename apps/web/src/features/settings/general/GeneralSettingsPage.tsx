/** /settings/general — being built. */
export function GeneralSettingsPage() {
  return null;
}
