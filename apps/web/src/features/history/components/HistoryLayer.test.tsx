import type { RideHistory } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { clearTokens, storeTokens } from '../../../lib/auth-tokens';
import '../../../lib/i18n';
import { fakeAccessToken } from '../../../test/fake-jwt';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { SITE_A } from '../../../test/carts';
import { makeSite } from '../../commands/testing/fixtures';
import { siteQueryOptions } from '../../sites';
import { HIGHLIGHT_COLOUR, TRAIL_COLOUR } from '../../../components/map/map-colours';
import { historyRangeBounds } from '../lib/history-range';
import { HistoryLayer } from './HistoryLayer';

const CART_1 = '00000000-0000-4000-8000-000000000001';
const CART_2 = '00000000-0000-4000-8000-000000000002';
const TRAILS: RideHistory = {
  mode: 'trail',
  carts: [
    {
      deviceId: CART_1,
      carNumber: '7',
      segments: [
        [
          [56.3498, -2.8135],
          [56.35, -2.81],
        ],
      ],
    },
    {
      deviceId: CART_2,
      carNumber: '12',
      segments: [
        [
          [56.349, -2.812],
          [56.3485, -2.811],
        ],
        [
          [56.3488, -2.8138],
          [56.3482, -2.8131],
        ],
      ],
    },
  ],
};

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

/** The history layer open on a map, its site in London, with the answers given. */
function setup(answer: (query: URLSearchParams) => Response) {
  storeTokens({ accessToken: fakeAccessToken({ role: 'user' }), refreshToken: 'refresh' });
  const mock = installFetchMock({
    'GET /api/dashboard/rides/history': () => answer(queryOf(mock.fetchMock.mock.calls.at(-1)?.[0])),
  });
  const client = createQueryClient();
  client.setQueryData(siteQueryOptions(SITE_A).queryKey, makeSite({ timezone: 'Europe/London' }));
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <MapContainer center={[56.3498, -2.8135]} zoom={17} style={{ height: 400, width: 400 }}>
        <HistoryLayer siteId={SITE_A} open onClose={onClose} />
      </MapContainer>
    </QueryClientProvider>,
  );
  const queries = () =>
    mock.callsTo('GET', '/api/dashboard/rides/history').map((_, i) => queryOf(callUrl(mock, i)));
  return { onClose, queries, view };
}

const queryOf = (input: unknown) => new URL(String(input), 'http://localhost').searchParams;
const callUrl = (mock: ReturnType<typeof installFetchMock>, index: number) =>
  mock.fetchMock.mock.calls.filter(([input]) => String(input).includes('/rides/history'))[index]?.[0];
const paths = (colour: string) => [...document.querySelectorAll(`path[stroke="${colour}"]`)];

describe('HistoryLayer', () => {
  it("asks for today's trails from the site's midnight and draws each cart's trail in blue", async () => {
    const { queries } = setup(() => json(TRAILS));
    expect(screen.getByTestId('history-toolbar')).toBeTruthy();
    await waitFor(() => expect(paths(TRAIL_COLOUR)).toHaveLength(2));
    const [query] = queries();
    expect(query!.get('mode')).toBe('trail');
    const expected = historyRangeBounds('today', new Date(query!.get('end')!), 'Europe/London');
    expect(query!.get('start')).toBe(expected.start.toISOString());
    expect(screen.getByTestId('history-period').textContent).toMatch(/Carts: 2/);
  });

  it('highlights the cart pointed at in purple with its car number, and keeps a clicked one', async () => {
    setup(() => json(TRAILS));
    await waitFor(() => expect(paths(TRAIL_COLOUR)).toHaveLength(2));
    fireEvent.mouseOver(paths(TRAIL_COLOUR)[1]!);
    await waitFor(() => expect(paths(HIGHLIGHT_COLOUR)).toHaveLength(1));
    expect(document.querySelector('.leaflet-tooltip')?.textContent).toBe('Cart 12');
    fireEvent.mouseOut(paths(TRAIL_COLOUR)[1]!);
    await waitFor(() => expect(paths(HIGHLIGHT_COLOUR)).toHaveLength(0));

    fireEvent.click(paths(TRAIL_COLOUR)[0]!);
    await waitFor(() => expect(paths(HIGHLIGHT_COLOUR)).toHaveLength(1));
    expect(screen.getByText('Cart 7')).toBeTruthy();
  });

  it('asks again for the period and mode picked', async () => {
    const { queries } = setup((query) =>
      json(query.get('mode') === 'heatmap' ? { mode: 'heatmap', cellSize: 0.0001, points: [] } : TRAILS),
    );
    await waitFor(() => expect(queries()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('history-range-month6'));
    await waitFor(() => expect(queries()).toHaveLength(2));
    const sixMonths = queries()[1]!;
    const expected = historyRangeBounds('month6', new Date(sixMonths.get('end')!), 'Europe/London');
    expect(sixMonths.get('start')).toBe(expected.start.toISOString());

    fireEvent.click(screen.getByTestId('history-mode-heatmap'));
    await waitFor(() => expect(queries()).toHaveLength(3));
    expect(queries()[2]!.get('mode')).toBe('heatmap');
    expect(queries()[2]!.get('start')).toBe(sixMonths.get('start'));
    expect((await screen.findByTestId('history-empty')).textContent).toMatch(/No rides in this period/);
    expect(paths(TRAIL_COLOUR)).toHaveLength(0);
  });

  it('says so when there were no rides', async () => {
    setup(() => json({ mode: 'trail', carts: [] }));
    expect((await screen.findByTestId('history-empty')).textContent).toMatch(/No rides in this period/);
  });

  it('shows an error with a retry, and explains a period still being prepared', async () => {
    let failures = 0;
    const { queries } = setup(() =>
      failures++ === 0
        ? json({ message: 'no', code: 'historyNotReady' }, 503)
        : json({ message: 'Your role does not allow this' }, 403),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/still being prepared/);
    fireEvent.click(screen.getByTestId('history-retry'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/Your role does not allow this/),
    );
    expect(queries()).toHaveLength(2);
  });

  it('closes from its close button', async () => {
    const { onClose } = setup(() => json(TRAILS));
    fireEvent.click(screen.getByTestId('history-close'));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
