import { describe, expect, it } from 'vitest';
import { contrastRatio, tagColors } from './color';

const luminanceOf = (hex: string) => {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('tagColors', () => {
  it.each([
    ['#ffeb3b', '#000000'],
    ['#1d4a27', '#ffffff'],
    ['#f44336', '#000000'],
    ['#3f51b5', '#ffffff'],
    ['#fff', '#000000'],
    ['000', '#ffffff'],
  ])('%s takes %s text', (color, text) => {
    expect(tagColors(color)?.text).toBe(text);
  });

  it('always reaches 4.5:1 with the text it picks', () => {
    for (let value = 0; value < 0xffffff; value += 0x0a0b0c) {
      const hex = `#${value.toString(16).padStart(6, '0')}`;
      const colors = tagColors(hex)!;
      expect(colors.background).toBe(hex);
      expect(contrastRatio(luminanceOf(hex), colors.text === '#000000' ? 0 : 1)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives up on colours it cannot read', () => {
    expect(tagColors('red')).toBeNull();
    expect(tagColors('rgb(0,0,0)')).toBeNull();
  });
});
