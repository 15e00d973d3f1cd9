/**
 * Readable text on a ride tag's colour (WCAG 2.2 AA, 4.5:1): black or white, whichever contrasts more with
 * the background. A colour that is not hex (a name, rgb()) falls back to the theme's neutral chip.
 */
function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export const contrastRatio = (a: number, b: number): number =>
  (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The tag's background and the text colour to put on it, or null for a colour that cannot be read. */
export function tagColors(color: string): { background: string; text: '#000000' | '#ffffff' } | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const background = luminance(rgb);
  const onBlack = contrastRatio(background, 0);
  const onWhite = contrastRatio(background, 1);
  return {
    background: `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    text: onBlack >= onWhite ? '#000000' : '#ffffff',
  };
}
