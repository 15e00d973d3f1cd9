/** A full reload of the app (its own module so tests can see that it was asked for). */
export function reloadPage(): void {
  window.location.reload();
}
