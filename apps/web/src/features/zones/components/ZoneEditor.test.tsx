import type { Role, ZoneView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { polygon, type LatLngTuple, type Map as LeafletMap } from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { dismissAllToasts, useToasts } from '../../../lib/notifications';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json, type RecordedCall } from '../../../test/fetch-mock';
import { ZoneEditor } from './ZoneEditor';

const SITE = '00000000-0000-4000-8000-00000000000a';
const CENTER: LatLngTuple = [56.34, -2.8];

afterEach(() => {
  cleanup();
  dismissAllToasts();
  clearTokens();
  vi.unstubAllGlobals();
});

/** A square of about 55 × 55 m north-east of the centre, as Leaflet [lat, lng] corners. */
const square: LatLngTuple[] = [
  [56.34, -2.8],
  [56.34, -2.799],
  [56.3405, -2.799],
  [56.3405, -2.8],
];
const bowTie: LatLngTuple[] = [square[0]!, square[2]!, square[1]!, square[3]!];

const savedZone = (call: RecordedCall): ZoneView => {
  const body = call.body as Pick<ZoneView, 'geometry'> & {
    properties: { type: ZoneView['properties']['type'] };
  };
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    siteId: SITE,
    type: 'Feature',
    geometry: body.geometry,
    properties: { type: body.properties.type, color: '#8e24aa' },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
};

const existing = (id: string, type: ZoneView['properties']['type'], color: string): ZoneView => ({
  _id: id,
  siteId: SITE,
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [[...square, square[0]!].map(([lat, lng]) => [lng, lat])] },
  properties: { type, color },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const PARKING = existing('00000000-0000-4000-8000-000000000002', 'parking', '#8e24aa');
const FENCE = existing('00000000-0000-4000-8000-000000000003', 'geofence', '#1e88e5');

function setup(role: Role, zones: ZoneView[] = []) {
  storeTokens({ accessToken: fakeAccessToken({ role }), refreshToken: 'refresh' });
  const api = installFetchMock({
    'GET /api/dashboard/zones': () => json(zones),
    'POST /api/dashboard/zones': (call) => json(savedZone(call), 201),
    [`PATCH /api/dashboard/zones/${PARKING._id}`]: () =>
      json({ ...PARKING, properties: { type: 'restriction', color: '#e53935' } }),
    [`DELETE /api/dashboard/zones/${PARKING._id}`]: () => new Response(null, { status: 204 }),
    'POST /api/dashboard/zones/publish': () => json({ devices: 3 }),
  });
  const onClose = vi.fn();
  let map: LeafletMap | null = null;
  function GrabMap() {
    map = useMap();
    return null;
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MapContainer center={CENTER} zoom={17} style={{ height: 400, width: 400 }}>
        <GrabMap />
        <ZoneEditor siteId={SITE} open onClose={onClose} />
      </MapContainer>
    </QueryClientProvider>,
  );
  const toasts = renderHook(() => useToasts());
  /** What Geoman fires when the operator closes a drawn ring. */
  const drawn = (corners: LatLngTuple[]) =>
    act(() => {
      const layer = polygon(corners).addTo(map!);
      map!.fire('pm:create', { shape: 'Polygon', layer });
    });
  return { api, onClose, toasts, drawn };
}

const typeOptions = () =>
  Array.from((screen.getByTestId('zone-type') as HTMLSelectElement).options).map((option) => option.value);

describe('ZoneEditor', () => {
  it('offers parking and restriction to role user, and the geofence to admins', async () => {
    setup('user');
    expect(typeOptions()).toEqual(['parking', 'restriction']);
    cleanup();
    setup('admin');
    expect(typeOptions()).toEqual(['parking', 'restriction', 'geofence']);
    await waitFor(() => expect(screen.getByTestId('zone-hint').textContent).toMatch(/No zones yet/));
  });

  it('saves a drawn outline as a closed GeoJSON ring and publishes when the toolbar closes', async () => {
    const { api, onClose, toasts, drawn } = setup('user');
    fireEvent.change(screen.getByTestId('zone-type'), { target: { value: 'restriction' } });
    expect((screen.getByTestId('zone-save') as HTMLButtonElement).disabled).toBe(true);
    drawn(square);
    expect(screen.getByTestId('zone-hint').textContent).toMatch(/then press Save/);
    fireEvent.click(screen.getByTestId('zone-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/dashboard/zones')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/dashboard/zones')[0]!.body as {
      geometry: { coordinates: number[][][] };
      properties: { type: string };
    };
    expect(body.properties).toEqual({ type: 'restriction' });
    expect(body.geometry.coordinates[0]).toEqual([
      [-2.8, 56.34],
      [-2.799, 56.34],
      [-2.799, 56.3405],
      [-2.8, 56.3405],
      [-2.8, 56.34],
    ]);
    await waitFor(() => expect(toasts.result.current[0]?.message).toBe('Zone created'));

    fireEvent.click(screen.getByTestId('zone-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/dashboard/zones/publish')).toHaveLength(1);
    expect(toasts.result.current.map((toast) => toast.message)).toContain('Zones published');
  });

  it('refuses a crossing outline before sending it', async () => {
    const { api, toasts, drawn } = setup('user');
    drawn(bowTie);
    fireEvent.click(screen.getByTestId('zone-save'));
    await waitFor(() => expect(toasts.result.current[0]?.message).toBe('The outline crosses itself.'));
    expect(api.callsTo('POST', '/api/dashboard/zones')).toHaveLength(0);
  });

  it('asks before dropping an unsaved outline, and closes without publishing when nothing was saved', async () => {
    const { api, onClose, drawn } = setup('user');
    drawn(square);
    fireEvent.click(screen.getByTestId('zone-cancel'));
    expect(await screen.findByText('Discard changes?')).toBeTruthy();
    fireEvent.click(screen.getByText('Keep editing'));
    await waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull());
    expect(screen.getByTestId('zone-hint').textContent).toMatch(/then press Save/);

    fireEvent.click(screen.getByTestId('zone-cancel'));
    fireEvent.click(await screen.findByTestId('zone-confirm'));
    await waitFor(() => expect(screen.getByTestId('zone-hint').textContent).toMatch(/No zones yet/));

    fireEvent.click(screen.getByTestId('zone-close'));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/dashboard/zones/publish')).toHaveLength(0);
  });

  it('edits an existing zone picked on the map: type change saved, delete after confirmation', async () => {
    const { api, toasts } = setup('user', [PARKING, FENCE]);
    const path = await screen.findByTestId(`zone-${PARKING._id}`);
    // Role user may not touch the geofence: its outline is not even clickable.
    expect(screen.getByTestId(`zone-${FENCE._id}`).classList.contains('leaflet-interactive')).toBe(false);
    fireEvent.click(path);
    await waitFor(() => expect(screen.getByTestId('zone-hint').textContent).toMatch(/Drag a point/));
    expect((screen.getByTestId('zone-type') as HTMLSelectElement).value).toBe('parking');
    expect((screen.getByTestId('zone-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('zone-type'), { target: { value: 'restriction' } });
    fireEvent.click(screen.getByTestId('zone-save'));
    await waitFor(() => expect(toasts.result.current[0]?.message).toBe('Zone updated'));
    expect(api.callsTo('PATCH', `/api/dashboard/zones/${PARKING._id}`)[0]!.body).toEqual({
      properties: { type: 'restriction' },
    });

    fireEvent.click(await screen.findByTestId(`zone-${PARKING._id}`));
    await waitFor(() =>
      expect((screen.getByTestId('zone-delete') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('zone-delete'));
    expect(await screen.findByText('Delete zone?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('zone-confirm'));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/dashboard/zones/${PARKING._id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId(`zone-${PARKING._id}`)).toBeNull());
  });
});
