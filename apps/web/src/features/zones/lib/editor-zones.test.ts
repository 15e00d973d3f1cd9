import type { ZoneView } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { editorZones } from './editor-zones';

const zone = (id: string, type: ZoneView['properties']['type'], color: string): ZoneView => ({
  _id: id,
  siteId: 'site',
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [[]] },
  properties: { type, color },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('editorZones', () => {
  const parking = zone('p', 'parking', '#8e24aa');
  const custom = zone('c', 'restriction', '#123456');
  const fence = zone('g', 'geofence', '#1e88e5');

  it('puts geofences first so the zones inside them are on top', () => {
    expect(editorZones([parking, fence, custom], null).map((z) => z._id)).toEqual(['g', 'p', 'c']);
  });

  it('shows the selected zone from its snapshot in the chosen type, custom colours kept', () => {
    const refreshed = {
      ...parking,
      geometry: { type: 'Polygon' as const, coordinates: [[[0, 0] as [number, number]]] },
    };
    const [shown] = editorZones([refreshed], { zone: parking, type: 'restriction' });
    expect(shown!.geometry).toBe(parking.geometry);
    expect(shown!.properties).toEqual({ type: 'restriction', color: '#e53935' });
    expect(editorZones([custom], { zone: custom, type: 'parking' })[0]!.properties.color).toBe('#123456');
    expect(editorZones([parking], { zone: parking, type: 'parking' })[0]).toBe(parking);
  });
});
