import { latLng, polygon } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { latLngsToRing, polygonRing, ringToLatLngs } from './zone-rings';

describe('zone rings', () => {
  const ring: Array<[number, number]> = [
    [-2.8, 56.34],
    [-2.799, 56.34],
    [-2.799, 56.341],
    [-2.8, 56.34],
  ];

  it('turns a closed GeoJSON ring into an open Leaflet list and back', () => {
    const latLngs = ringToLatLngs(ring);
    expect(latLngs).toEqual([
      [56.34, -2.8],
      [56.34, -2.799],
      [56.341, -2.799],
    ]);
    expect(latLngsToRing(latLngs.map(([lat, lng]) => latLng(lat, lng)))).toEqual(ring);
  });

  it('reads and rounds the outer ring of a Leaflet polygon', () => {
    const drawn = polygon([
      [56.34000000001, -2.8],
      [56.34, -2.799],
      [56.341, -2.799],
    ]);
    expect(polygonRing(drawn)).toEqual(ring);
  });
});
