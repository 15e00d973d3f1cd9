/** A name as a plain ASCII file name part ('Golfový klub Řevnice' → 'golfovy-klub-revnice'); '' for none. */
export function fileNamePart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
