import { MAP } from '@fairway/domain';

/**
 * Spec §9: the heatmap's radius starts at 25 px and its blur at 15 (at the map's default zoom and closer);
 * each zoom level out takes 4 px off the radius, down to 5, and adds 2 to the blur, up to 25, so a whole
 * course seen from afar stays a picture of paths rather than one blot.
 */
export const HEATMAP = {
  radius: 25,
  blur: 15,
  minRadius: 5,
  maxBlur: 25,
  /** Zoom at which the style and the weights apply unscaled. */
  fullZoom: MAP.defaultZoom,
} as const;

export function heatmapStyle(zoom: number): { radius: number; blur: number } {
  const levelsOut = Math.max(0, HEATMAP.fullZoom - zoom);
  return {
    radius: Math.max(HEATMAP.minRadius, HEATMAP.radius - levelsOut * 4),
    blur: Math.min(HEATMAP.maxBlur, HEATMAP.blur + levelsOut * 2),
  };
}

/**
 * [lat, lng, intensity 0–1]: a cell's weight against the 95th percentile of all weights, so the few
 * busiest cells (the first tee, the path out of the barn) do not fade every other path to nothing.
 */
export function heatIntensities(
  points: ReadonlyArray<readonly [number, number, number]>,
): Array<[number, number, number]> {
  if (points.length === 0) return [];
  const weights = points.map(([, , weight]) => weight).sort((a, b) => a - b);
  const reference = Math.max(1, weights[Math.ceil(weights.length * 0.95) - 1]!);
  return points.map(([lat, lng, weight]) => [lat, lng, Math.min(1, weight / reference)]);
}
