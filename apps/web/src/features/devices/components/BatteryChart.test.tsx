import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import '../../../lib/i18n';
import { setSelectedSite } from '../../../lib/selected-site';
import { SITE_A } from '../../../test/carts';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { BatteryChart } from './BatteryChart';

// ECharts needs a canvas that jsdom lacks; the chart's data and states are under test here.
vi.mock('./BatteryLineChart', () => ({
  BatteryLineChart: ({ readings, days }: { readings: unknown[]; days: number }) => (
    <p>{`${readings.length} readings over ${days} days`}</p>
  ),
}));

const DEVICE = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const PATH = `GET /api/dashboard/devices/${DEVICE}/battery`;

const page = (data: Array<{ timestamp: string; volts: number }>, nextPage: number | null = null) =>
  json({
    data,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalItems: data.length,
      itemsPerPage: 10_000,
      nextPage,
      prevPage: null,
    },
  });
const reading = { timestamp: '2024-03-01T10:00:00.000Z', volts: 50 };

function renderChart() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BatteryChart deviceId={DEVICE} />
    </QueryClientProvider>,
  );
}

beforeEach(() => setSelectedSite(SITE_A, null));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BatteryChart', () => {
  it('shows a skeleton, then the last day of readings for the selected site', async () => {
    const server = installFetchMock({ [PATH]: () => page([reading, reading]) });
    renderChart();
    expect(screen.getByRole('progressbar', { name: 'Loading battery readings' })).toBeTruthy();
    expect(await screen.findByText('2 readings over 1 days')).toBeTruthy();
    const [call] = server.callsTo('GET', PATH.slice(4));
    expect(call!.headers['site-id']).toBe(SITE_A);
  });

  it('asks for the chosen period', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(new URL(String(input), 'http://localhost'));
        return page([reading]);
      }),
    );
    renderChart();
    await screen.findByText('1 readings over 1 days');
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(await screen.findByText('1 readings over 30 days')).toBeTruthy();
    const span = (url: URL) =>
      Date.parse(url.searchParams.get('endDate')!) - Date.parse(url.searchParams.get('startDate')!);
    expect(urls.map(span)).toEqual([86_400_000, 30 * 86_400_000]);
    expect(urls[0]!.searchParams.get('sort')).toBe('timestamp:asc');
  });

  it('follows the pages until the last', async () => {
    let calls = 0;
    installFetchMock({ [PATH]: () => (++calls === 1 ? page([reading], 2) : page([reading, reading])) });
    renderChart();
    expect(await screen.findByText('3 readings over 1 days')).toBeTruthy();
  });

  it('says when the period has no readings', async () => {
    installFetchMock({ [PATH]: () => page([]) });
    renderChart();
    expect(await screen.findByText('No battery readings in this period')).toBeTruthy();
  });

  it('shows the error with a retry that loads the chart', async () => {
    let fail = true;
    installFetchMock({ [PATH]: () => (fail ? json({ message: 'Device not found' }, 404) : page([reading])) });
    renderChart();
    expect(await screen.findByText('Device not found')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 readings over 1 days')).toBeTruthy();
  });
});
