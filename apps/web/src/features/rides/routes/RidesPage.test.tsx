import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { SITE_A } from '../../../test/carts';
import { deferred, json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { realtimeStore, relaySocketEvent } from '../../realtime';
import { makeRide, makeRidesPage } from '../testing/ride-fixtures';
import { renderRidesPage } from '../testing/render-rides-page';

const cards = () => screen.queryAllByTestId('ride-card');
const cardOf = (rideId: string) => cards().find((card) => card.dataset.rideId === rideId)!;
const cardButton = (rideId: string) => within(cardOf(rideId)).getByRole('button');

/** Plays a `ride:update` as the site socket relays it. */
const sendRideUpdate = (ride: unknown) => act(() => relaySocketEvent('ride:update' as never, ride as never));

async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

resetOperatorSessionAroundEachTest();
afterEach(async () => {
  vi.useRealTimers();
  realtimeStore.setConnection('connecting');
  await changeLocale('en');
});

describe('RidesPage list', { timeout: 20_000 }, () => {
  it("asks for the period's rides from the site's midnight, newest first, 10 a page", async () => {
    const server = renderRidesPage();
    await waitFor(() => expect(server.listQueries()).toHaveLength(1));
    // Prague is UTC+1 in November.
    expect(server.lastListQuery()).toEqual({
      page: '1',
      limit: '10',
      sort: 'start:desc',
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
    });
    expect(server.callsTo('GET', '/api/dashboard/rides')[0]?.headers['site-id']).toBe(SITE_A);
  });

  it('shows a card per ride: cart, name, driver, date and time on the site clock, service, state and marks', async () => {
    const open = makeRide({
      carNumber: '12',
      carName: 'Eagle',
      status: 'active',
      end: null,
      duration: null,
      meta: { name: null, email: null },
      service: null,
      start: '2026-11-10T23:15:00.000Z',
    });
    const ended = makeRide({ marks: { tooShort: true, fewPoints: false } });
    renderRidesPage({ list: () => json(makeRidesPage([open, ended], { total: 17 })) });

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByTestId('rides-count').textContent).toBe('Rides in this period: 17');

    const first = within(cardOf(open._id));
    expect(first.getByTestId('ride-card-cart').textContent).toBe('Cart 12');
    expect(first.getByText('Eagle')).toBeTruthy();
    expect(first.getByTestId('ride-card-driver').textContent).toBe('No driver name');
    // 23:15 UTC on 10 November is 00:15 on the 11th in Prague.
    expect(first.getByTestId('ride-card-date').textContent).toBe('11/11/2026');
    expect(first.getByTestId('ride-card-time').textContent).toBe('00:15');
    expect(first.getByTestId('ride-status').textContent).toBe('Active');
    expect(first.queryByTestId('ride-service')).toBeNull();

    const second = within(cardOf(ended._id));
    expect(second.getByTestId('ride-card-cart').textContent).toBe('Cart 7');
    expect(second.getByText('Birdie')).toBeTruthy();
    expect(second.getByTestId('ride-card-driver').textContent).toBe('Alice Green');
    expect(second.getByTestId('ride-card-date').textContent).toBe('10/11/2026');
    expect(second.getByTestId('ride-card-time').textContent).toBe('10:30');
    expect(second.getByTestId('ride-service').textContent).toBe('18 holes');
    expect(second.getByTestId('ride-mark-tooShort').textContent).toBe('Short ride');
    expect(second.queryByTestId('ride-mark-fewPoints')).toBeNull();
    expect(second.queryByTestId('ride-status')).toBeNull();
  });

  it('shows 10 placeholder cards while the rides load', async () => {
    const answer = deferred<Response>();
    renderRidesPage({ list: () => answer.promise });
    await waitFor(() => expect(screen.getAllByTestId('ride-card-skeleton')).toHaveLength(10));
    expect(cards()).toHaveLength(0);
    answer.resolve(json(makeRidesPage([makeRide()])));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryAllByTestId('ride-card-skeleton')).toHaveLength(0);
  });

  it('says there are no rides in the period, and that nothing was found for a search', async () => {
    renderRidesPage();
    expect(await screen.findByText('No rides in this period')).toBeTruthy();
    expect(screen.getByText('Choose another period to see earlier rides.')).toBeTruthy();
    expect(screen.getByTestId('rides-count').textContent).toBe('Rides in this period: 0');

    fireEvent.change(screen.getByTestId('rides-search'), { target: { value: 'zed' } });
    expect(await screen.findByText('No rides match “zed”')).toBeTruthy();
  });

  it('offers a retry when the rides cannot be loaded', async () => {
    let fail = true;
    const server = renderRidesPage({
      list: () => (fail ? json({ message: 'Not allowed here' }, 403) : json(makeRidesPage([makeRide()]))),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the rides');
    expect(alert.textContent).toContain('Not allowed here');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(server.listQueries().length).toBeGreaterThanOrEqual(2);
  });

  it('pages through the rides: page 2 is asked for with page=2', async () => {
    const pageOne = [makeRide({ carNumber: '1' })];
    const pageTwo = [makeRide({ carNumber: '2' })];
    const server = renderRidesPage({
      list: (_call, query) =>
        json(
          query.get('page') === '2'
            ? makeRidesPage(pageTwo, { page: 2, total: 15 })
            : makeRidesPage(pageOne, { total: 15 }),
        ),
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('navigation', { name: 'Pages of rides' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(server.lastListQuery().page).toBe('2'));
    await waitFor(() => expect(screen.getByTestId('ride-card-cart').textContent).toBe('Cart 2'));
    expect(screen.getByRole('button', { name: 'Page 2, current page' })).toBeTruthy();
  });

  it('searches in the chosen field once typing paused, and starts again on page 1', async () => {
    const server = renderRidesPage({
      list: (_call, query) =>
        json(makeRidesPage([makeRide()], { page: Number(query.get('page')), total: 35 })),
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(server.lastListQuery().page).toBe('3'));

    fireEvent.change(screen.getByTestId('rides-search'), { target: { value: '  12 ' } });
    // Debounced (§9): no request carries the search until typing has paused.
    expect(server.listQueries().some((query) => 'search' in query)).toBe(false);
    await waitFor(() =>
      expect(server.lastListQuery()).toMatchObject({ page: '1', search: '12', searchField: 'carNumber' }),
    );

    await choose(screen.getByRole('combobox', { name: 'Search by' }), 'Email');
    await waitFor(() =>
      expect(server.lastListQuery()).toMatchObject({ page: '1', search: '12', searchField: 'email' }),
    );
  });

  it('asks for today, the last 7 days or a custom period when the toggle changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
    const server = renderRidesPage();
    await waitFor(() => expect(server.listQueries()).toHaveLength(1));
    expect(screen.getByTestId('rides-range-month').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('rides-range-today'));
    await waitFor(() =>
      expect(server.lastListQuery()).toMatchObject({
        start: '2026-11-14T23:00:00.000Z',
        end: '2026-11-15T23:00:00.000Z',
      }),
    );
    expect(server.router.state.location.search).toContain('start=2026-11-15&end=2026-11-15');

    fireEvent.click(screen.getByTestId('rides-range-week'));
    await waitFor(() =>
      expect(server.lastListQuery()).toMatchObject({
        start: '2026-11-08T23:00:00.000Z',
        end: '2026-11-15T23:00:00.000Z',
      }),
    );

    // Custom keeps the days until others are picked, and shows where to pick them.
    expect(screen.queryByRole('group', { name: 'From' })).toBeNull();
    fireEvent.click(screen.getByTestId('rides-range-custom'));
    expect(await screen.findByRole('group', { name: 'From' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'To' })).toBeTruthy();
    expect(screen.getByTestId('rides-range-custom').getAttribute('aria-pressed')).toBe('true');
  });

  it('opens a ride on its card, keeps it in the address, and closes it on a second press', async () => {
    const ride = makeRide();
    const server = renderRidesPage({
      list: () => json(makeRidesPage([ride])),
      details: [{ ...ride, trail: [], hiRes: false, siteCenter: [50, 14], hole: null }],
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('no-ride-selected').textContent).toContain('No ride selected');
    expect(cardButton(ride._id).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(cardButton(ride._id));
    await waitFor(() => expect(server.selectedRide()).toBe(ride._id));
    // The period stays in the address beside the ride.
    expect(server.router.state.location.search).toContain('start=2026-11-01');
    expect(cardButton(ride._id).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByTestId('ride-detail-cart')).toBeTruthy();
    expect(screen.queryByTestId('no-ride-selected')).toBeNull();

    fireEvent.click(cardButton(ride._id));
    await waitFor(() => expect(server.selectedRide()).toBeNull());
    expect(await screen.findByTestId('no-ride-selected')).toBeTruthy();
    expect(cardButton(ride._id).getAttribute('aria-pressed')).toBe('false');
  });

  it('updates a ride in view from the socket, and asks again when a ride starts or is deleted', async () => {
    const open = makeRide({ status: 'active', end: null, duration: null, distance: null, points: null });
    const server = renderRidesPage({ list: () => json(makeRidesPage([open])) });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cardOf(open._id)).getByTestId('ride-status').textContent).toBe('Active');
    const asked = server.listQueries().length;

    sendRideUpdate({ ...open, status: 'paused' });
    await waitFor(() =>
      expect(within(cardOf(open._id)).getByTestId('ride-status').textContent).toBe('Paused'),
    );
    sendRideUpdate({ ...open, status: 'ended', end: '2026-11-10T09:40:00.000Z', duration: 600 });
    await waitFor(() => expect(within(cardOf(open._id)).queryByTestId('ride-status')).toBeNull());
    // Patched in place: nothing was asked again for a ride already in view.
    expect(server.listQueries()).toHaveLength(asked);

    // Another site's ride, or one outside the period, changes nothing here.
    sendRideUpdate(makeRide({ siteId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' }));
    sendRideUpdate(makeRide({ start: '2026-10-10T09:30:00.000Z' }));
    // A payload in another shape is ignored rather than shown.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sendRideUpdate({ _id: open._id, status: 'nonsense' });
    expect(warn).toHaveBeenCalled();
    expect(server.listQueries()).toHaveLength(asked);

    // A ride that just started in the period is not on the page yet: the page is asked again.
    sendRideUpdate(makeRide({ status: 'active', start: '2026-11-12T08:00:00.000Z', end: null }));
    await waitFor(() => expect(server.listQueries()).toHaveLength(asked + 1));

    sendRideUpdate({ ...open, deleted: true });
    await waitFor(() => expect(server.listQueries()).toHaveLength(asked + 2));
  });

  it('asks for the rides again after the live connection was lost, as updates were missed meanwhile', async () => {
    const server = renderRidesPage({ list: () => json(makeRidesPage([makeRide()])) });
    await waitFor(() => expect(cards()).toHaveLength(1));
    act(() => realtimeStore.setConnection('connected'));
    const asked = server.listQueries().length;
    // The first connection brings nothing new: the list was just loaded.
    expect(server.listQueries()).toHaveLength(asked);

    act(() => realtimeStore.setConnection('disconnected'));
    act(() => realtimeStore.setConnection('connected'));
    await waitFor(() => expect(server.listQueries()).toHaveLength(asked + 1));
  });

  it('speaks the interface language: German labels, day-first dates', async () => {
    await act(() => changeLocale('de'));
    renderRidesPage({ list: () => json(makeRidesPage([makeRide({ status: 'paused', end: null })])) });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('ride-card-cart').textContent).toBe('Fahrzeug 7');
    expect(screen.getByTestId('ride-card-date').textContent).toBe('10.11.2026');
    expect(screen.getByTestId('ride-status').textContent).toBe('Pausiert');
    expect(screen.getByTestId('rides-count').textContent).toBe('Fahrten in diesem Zeitraum: 1');
    expect(screen.getByText('Keine Fahrt ausgewählt')).toBeTruthy();
  });
});
