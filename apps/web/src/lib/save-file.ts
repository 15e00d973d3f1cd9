/**
 * Hands a file the app fetched to the browser's downloads, through a temporary link to an object URL: the
 * API needs the bearer token and the site header, which a plain link to it could not send.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the URL only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
