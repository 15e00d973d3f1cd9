/** Text made safe for the HTML of Leaflet div icons (car names and translations are not markup). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
