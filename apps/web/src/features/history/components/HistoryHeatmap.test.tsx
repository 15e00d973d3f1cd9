import { cleanup, render } from '@testing-library/react';
import L, { type HeatLayer, type Map as LeafletMap } from 'leaflet';
import { MapContainer } from 'react-leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryHeatmap } from './HistoryHeatmap';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom has no canvas: a 2D context that draws nothing is enough for leaflet.heat to run. */
function stubCanvas() {
  const context = new Proxy(
    {
      getImageData: (_x: number, _y: number, width: number, height: number) => ({
        data: new Uint8ClampedArray(Math.max(1, width * height * 4)),
      }),
      createLinearGradient: () => ({ addColorStop: () => undefined }),
    } as Record<string, unknown>,
    { get: (target, key: string) => (key in target ? target[key] : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
}

function renderHeatmap(points: Array<[number, number, number]>) {
  stubCanvas();
  const created = vi.spyOn(L, 'heatLayer');
  let map!: LeafletMap;
  render(
    <MapContainer
      center={[56.3498, -2.8135]}
      zoom={17}
      style={{ height: 400, width: 400 }}
      ref={(instance) => {
        if (instance) map = instance;
      }}
    >
      <HistoryHeatmap points={points} />
    </MapContainer>,
  );
  const layer = created.mock.results[0]!.value as HeatLayer;
  return { map, layer, options: created.mock.calls[0]![1] };
}

describe('HistoryHeatmap', () => {
  it('draws the cells with radius 25 and blur 15 at the default zoom, as intensities of 0–1', () => {
    const { map, layer, options } = renderHeatmap([
      [56.3498, -2.8135, 40],
      [56.3499, -2.8136, 4],
    ]);
    expect(options).toMatchObject({ radius: 25, blur: 15, max: 1, maxZoom: 17 });
    expect(map.hasLayer(layer)).toBe(true);
    expect((layer as unknown as { _latlngs: unknown })._latlngs).toEqual([
      [56.3498, -2.8135, 1],
      [56.3499, -2.8136, 0.1],
    ]);
  });

  it('shrinks the radius and grows the blur as the map zooms out', () => {
    const { map, layer } = renderHeatmap([[56.3498, -2.8135, 1]]);
    const restyled = vi.spyOn(layer, 'setOptions');
    map.setZoom(14, { animate: false });
    expect(restyled).toHaveBeenLastCalledWith({ radius: 13, blur: 21 });
  });
});
