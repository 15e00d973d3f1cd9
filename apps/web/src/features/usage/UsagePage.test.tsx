import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { deferred, json } from '../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../test/operator-session';
import type { UsageChartOption } from './charts/usage-chart-options';
import { CART_12, emptyRideUsage, heatmapWith, makeRideUsage } from './testing/fixtures';
import { renderUsagePage, USAGE_PATH } from './testing/render-usage-page';

/**
 * ECharts needs a canvas that jsdom lacks: the lazily loaded chart module is replaced by a figure that lists
 * the labels of its category axes, which is what the page computes (the drawing is ECharts' part, seen in
 * the Playwright check).
 */
vi.mock('./charts/usage-echart', () => ({
  default: ({ option, label }: { option: UsageChartOption; label: string }) => {
    const axes = [option.xAxis, option.yAxis].flat() as ({ type?: string; data?: string[] } | undefined)[];
    const categories = axes
      .filter((axis) => axis?.type === 'category')
      .map((axis) => axis!.data!.join(' | '));
    return (
      <figure role="img" aria-label={label}>
        {categories.map((text) => (
          <figcaption key={text}>{text}</figcaption>
        ))}
      </figure>
    );
  },
}));

/** Intl writes no-break and narrow spaces in numbers and units; plain spaces read the same in a test. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const region = (name: string) => within(screen.getByRole('region', { name }));
const figureOf = (name: string) => plain(region(name).getByTestId('figure-value').textContent);
const noteOf = (name: string) => plain(region(name).getByTestId('figure-note').textContent);
const chartLabels = async (name: string) =>
  (await screen.findByRole('img', { name: new RegExp(`^${name}`) })).querySelectorAll('figcaption');

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

resetOperatorSessionAroundEachTest();
beforeEach(() => localStorage.removeItem('fairway.usage.ridesBy'));
afterEach(async () => {
  await changeLocale('en');
});

describe('UsagePage', { timeout: 20_000 }, () => {
  it("asks for the period's site days as instants and shows the total and the average as h m s", async () => {
    const server = renderUsagePage();
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
    expect(figureOf('Average ride duration')).toBe('1 hr 02 min 05 sec');
    expect(noteOf('Average ride duration')).toBe('Of 1,200 rounds; outliers left out: 34');
    // London is on GMT in November: the site's midnights are UTC's. No filter: no device, no origin.
    expect(server.queriesTo(USAGE_PATH)).toEqual([
      { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
    ]);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('writes the figures in the interface language', async () => {
    await act(() => changeLocale('cs'));
    renderUsagePage();
    await waitFor(() => expect(figureOf('Jízdy celkem')).toBe('1 234'));
    expect(figureOf('Průměrná délka jízdy')).toBe('1 h 02 min 05 s');
  });

  it('labels the usage chart by day, or by month when the server groups by month', async () => {
    renderUsagePage();
    const byDay = await chartLabels('Usage over time');
    expect(byDay[0]!.textContent).toBe('1 Nov | 2 Nov | 3 Nov');
    expect(screen.getByText('Rounds per day')).toBeTruthy();
    await act(() => changeLocale('de'));
    await waitFor(async () =>
      expect((await chartLabels('Nutzung im Zeitverlauf'))[0]!.textContent).toBe(
        '1. Nov. | 2. Nov. | 3. Nov.',
      ),
    );
  });

  it('labels months when the period spans more than two months', async () => {
    renderUsagePage({
      url: '/charts/usage?start=2026-01-01&end=2026-03-31',
      usage: () =>
        json(
          makeRideUsage({
            grouping: 'month',
            usage: [
              { period: '2026-01', rounds: 10, seconds: 36_000 },
              { period: '2026-02', rounds: 20, seconds: 72_000 },
              { period: '2026-03', rounds: 30, seconds: 108_000 },
            ],
          }),
        ),
    });
    const labels = await chartLabels('Usage over time');
    expect(labels[0]!.textContent).toBe('Jan 2026 | Feb 2026 | Mar 2026');
    expect(screen.getByText('Rounds per month')).toBeTruthy();
  });

  it('draws carts, services (or prices, remembered) and the weekday × hour heatmap, Monday first', async () => {
    renderUsagePage();
    expect((await chartLabels('Usage by cart'))[0]!.textContent).toBe('7 | 12');
    expect((await chartLabels('Rides by service'))[0]!.textContent).toBe('18 holes | No service');
    const heatmap = await chartLabels('Rounds by weekday and hour');
    expect(heatmap[0]!.textContent).toMatch(/^00:00 \| 01:00 \| .* \| 23:00$/);
    expect(heatmap[1]!.textContent).toBe('Mon | Tue | Wed | Thu | Fri | Sat | Sun');
    expect(screen.getByText("Hours on the club's clock (Europe/London)")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    expect((await chartLabels('Rides by price'))[0]!.textContent).toBe('Guest | No price');
    expect(localStorage.getItem('fairway.usage.ridesBy')).toBe('price');
    fireEvent.click(screen.getByRole('button', { name: 'Bookings' }));
    expect(await screen.findByRole('img', { name: 'Bookings by weekday and hour' })).toBeTruthy();
  });

  it('opens with the split chosen last time, and German weekdays', async () => {
    localStorage.setItem('fairway.usage.ridesBy', 'price');
    await act(() => changeLocale('de'));
    renderUsagePage();
    expect((await chartLabels('Fahrten nach Preis'))[0]!.textContent).toBe('Guest | Kein Preis');
    const heatmap = await chartLabels('Runden nach Wochentag und Stunde');
    expect(heatmap[1]!.textContent).toBe('Mo | Di | Mi | Do | Fr | Sa | So');
  });

  it('asks again with the chosen cart and origin, and the whole page shows those rounds', async () => {
    const server = renderUsagePage({
      usage: (query) =>
        json(
          query.get('device')
            ? makeRideUsage({
                totals: { rounds: 56, averageDuration: 2520, durationsCounted: 50, outliers: 0 },
                carts: [{ device: CART_12, carNumber: '12', carName: null, rounds: 56, seconds: 1 }],
                heatmap: { rounds: heatmapWith([[2, 14, 5]]), bookings: heatmapWith([]) },
              })
            : makeRideUsage(),
        ),
    });
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
    await choose('Cart', 'Cart 12');
    await waitFor(() => expect(figureOf('Total rounds')).toBe('56'));
    expect(figureOf('Average ride duration')).toBe('42 min 00 sec');
    await choose('Origin', 'Booking');
    await waitFor(() =>
      expect(server.queriesTo(USAGE_PATH).at(-1)).toEqual({
        start: '2026-11-01T00:00:00.000Z',
        end: '2026-12-01T00:00:00.000Z',
        device: CART_12,
        origin: 'booking',
      }),
    );
    // Every cart stays choosable: the list comes from the period's unfiltered answer.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cart' }));
    expect(await screen.findByRole('option', { name: 'Cart 7' })).toBeTruthy();
  });

  it('says once that a filter matches nothing, and clears it', async () => {
    renderUsagePage({ usage: (query) => json(query.get('origin') ? emptyRideUsage() : makeRideUsage()) });
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
    await choose('Origin', 'Manual (dashboard)');
    expect(await screen.findByText('No rounds for this cart and origin')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all rounds' }));
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
  });

  it('shows one designed empty state for a period without rounds, not empty axes', async () => {
    renderUsagePage({ usage: () => json(emptyRideUsage()) });
    expect(await screen.findByRole('heading', { name: 'No rounds in this period' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total rounds' })).toBeNull();
    expect(screen.getByRole('button', { name: 'CSV' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'PDF' })).toHaveProperty('disabled', true);
  });

  it('shows skeletons while loading, then an error with Retry that asks again', async () => {
    const held = deferred<void>();
    let fail = true;
    const server = renderUsagePage({
      // A new answer each time: the app's query client may ask twice before it gives up.
      usage: async () => {
        if (!fail) return json(makeRideUsage());
        await held.promise;
        return json({ message: 'Database unavailable' }, 503);
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading the usage report' })).toBeTruthy();
    held.resolve();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the usage report');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
    expect(server.queriesTo(USAGE_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('lets basic staff see usage', async () => {
    const server = renderUsagePage({ role: 'basic' });
    await waitFor(() => expect(figureOf('Total rounds')).toBe('1,234'));
    expect(server.callsTo('GET', USAGE_PATH)[0]!.headers.Authorization).toMatch(/^Bearer /);
  });
});

describe('Usage exports', { timeout: 20_000 }, () => {
  const CSV_PATH = '/api/dashboard/rides/chart/rides.csv';
  const PDF_PATH = '/api/dashboard/rides/chart/summary.pdf';
  let saved: { name: string; href: string }[];

  beforeEach(() => {
    saved = [];
    // jsdom neither makes object URLs nor downloads: record what the page hands the browser instead.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:usage', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const file = (body: string, name: string, type: string) =>
    new Response(body, {
      headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
    });

  it('downloads the CSV and the PDF of the shown rounds in the interface language, with the site and token', async () => {
    await act(() => changeLocale('da'));
    const held = deferred<Response>();
    const server = renderUsagePage({
      routes: {
        [`GET ${CSV_PATH}`]: () => held.promise,
        [`GET ${PDF_PATH}`]: () => file('%PDF', 'usage-2026-11.pdf', 'application/pdf'),
      },
    });
    await waitFor(() => expect(figureOf('Runder i alt')).toBe('1.234'));
    await choose('Vogn', 'Vogn 12');
    await waitFor(() => expect(server.queriesTo(USAGE_PATH).at(-1)?.device).toBe(CART_12));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'CSV' })).toHaveProperty('disabled', false),
    );

    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    // Progress while the server makes the file.
    expect(await screen.findByRole('button', { name: 'Forbereder…' })).toBeTruthy();
    held.resolve(file('\uFEFFstart;cart\n', 'rides-2026-11.csv', 'text/csv'));
    await waitFor(() => expect(saved).toEqual([{ name: 'rides-2026-11.csv', href: 'blob:usage' }]));
    expect(server.queriesTo(CSV_PATH)).toEqual([
      { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', device: CART_12, lang: 'da' },
    ]);
    const [csvCall] = server.callsTo('GET', CSV_PATH);
    expect(csvCall!.headers['site-id']).toBeTruthy();
    expect(csvCall!.headers.Authorization).toMatch(/^Bearer /);

    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved.at(-1)).toEqual({ name: 'usage-2026-11.pdf', href: 'blob:usage' }));
    expect(server.queriesTo(PDF_PATH)[0]!.lang).toBe('da');
  });

  it('says when a file could not be made', async () => {
    renderUsagePage({
      routes: { [`GET ${PDF_PATH}`]: () => json({ message: 'PDF service down' }, 503) },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'PDF' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Could not download the PDF file: PDF service down')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'PDF' })).toHaveProperty('disabled', false);
  });
});
