/** the services card of /settings/booking — being built. */
export function ServicesCard() {
  return null;
}
