import type { ZoneView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { relaySocketEvent } from '../../realtime';
import { setZoneEditorOpen } from '../lib/zone-editor-state';
import { ZonesLayer } from './ZonesLayer';

const SITE = '00000000-0000-4000-8000-00000000000a';

afterEach(() => {
  cleanup();
  clearTokens();
  setZoneEditorOpen(false);
  vi.unstubAllGlobals();
});

const zone = (id: string, type: ZoneView['properties']['type'], color: string): ZoneView => ({
  _id: id,
  siteId: SITE,
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-2.8, 56.34],
        [-2.799, 56.34],
        [-2.799, 56.3405],
        [-2.8, 56.34],
      ],
    ],
  },
  properties: { type, color },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const PARKING = zone('00000000-0000-4000-8000-000000000001', 'parking', '#8e24aa');
const FENCE = zone('00000000-0000-4000-8000-000000000002', 'geofence', '#1e88e5');

function setup(answer: () => Response) {
  storeTokens({ accessToken: fakeAccessToken({ role: 'basic' }), refreshToken: 'refresh' });
  installFetchMock({ 'GET /api/dashboard/zones': answer });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MapContainer center={[56.34, -2.8]} zoom={17} style={{ height: 400, width: 400 }}>
        <ZonesLayer siteId={SITE} />
      </MapContainer>
    </QueryClientProvider>,
  );
}

describe('ZonesLayer', () => {
  it('draws the zones in their colours, the geofence unfilled, with a 6 px outline at zoom 17', async () => {
    setup(() => json([PARKING, FENCE]));
    const parking = await screen.findByTestId(`zone-${PARKING._id}`);
    expect(parking.getAttribute('stroke')).toBe('#8e24aa');
    expect(parking.getAttribute('fill-opacity')).toBe('0.4');
    expect(parking.getAttribute('stroke-width')).toBe('6');
    expect(screen.getByTestId(`zone-${FENCE._id}`).getAttribute('fill')).toBe('none');
  });

  it("follows the socket's zone list and steps aside while the editor is open", async () => {
    setup(() => json([PARKING]));
    await screen.findByTestId(`zone-${PARKING._id}`);
    act(() => relaySocketEvent('zones:update', { siteId: SITE, zones: [FENCE] }));
    await waitFor(() => expect(screen.queryByTestId(`zone-${PARKING._id}`)).toBeNull());
    expect(screen.getByTestId(`zone-${FENCE._id}`)).toBeTruthy();
    act(() => setZoneEditorOpen(true));
    expect(screen.queryByTestId(`zone-${FENCE._id}`)).toBeNull();
  });

  it('says so when the zones cannot be loaded, with a retry', async () => {
    setup(() => json({ message: 'nope' }, 403));
    expect((await screen.findByTestId('zones-load-failed')).textContent).toMatch(/Zones could not be loaded/);
    expect(screen.getByText('Retry')).toBeTruthy();
  });
});
