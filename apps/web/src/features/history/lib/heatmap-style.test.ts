import { describe, expect, it } from 'vitest';
import { heatIntensities, heatmapStyle } from './heatmap-style';

describe('heatmapStyle', () => {
  it('starts at radius 25 and blur 15 at the default zoom and closer', () => {
    expect(heatmapStyle(17)).toEqual({ radius: 25, blur: 15 });
    expect(heatmapStyle(19)).toEqual({ radius: 25, blur: 15 });
  });

  it('shrinks the radius to at least 5 and grows the blur to at most 25 when zooming out', () => {
    expect(heatmapStyle(16)).toEqual({ radius: 21, blur: 17 });
    expect(heatmapStyle(12)).toEqual({ radius: 5, blur: 25 });
    expect(heatmapStyle(3)).toEqual({ radius: 5, blur: 25 });
  });
});

describe('heatIntensities', () => {
  it('is empty for no points', () => {
    expect(heatIntensities([])).toEqual([]);
  });

  it('scales weights against the 95th percentile and caps the busiest cells at 1', () => {
    const points = Array.from({ length: 100 }, (_, i): [number, number, number] => [56, -2, i + 1]);
    const intensities = heatIntensities(points).map(([, , intensity]) => intensity);
    expect(intensities[0]).toBeCloseTo(1 / 95);
    expect(intensities[94]).toBe(1);
    expect(intensities[99]).toBe(1);
  });

  it('keeps the coordinates and gives a single cell full intensity', () => {
    expect(heatIntensities([[56.1, -2.2, 7]])).toEqual([[56.1, -2.2, 1]]);
  });
});
