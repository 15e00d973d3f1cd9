import type { RideDetail } from '@fairway/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock';
import { resetOperatorSessionAroundEachTest } from '../../../test/operator-session';
import { relaySocketEvent } from '../../realtime';
import { makeRide, makeRideDetail, makeRidesPage } from '../testing/ride-fixtures';
import { NOVEMBER, renderRidesPage, type RidesSetup } from '../testing/render-rides-page';

/** The value of a labelled fact (dt/dd) of the pane. */
const fact = (label: string) => screen.getByRole('definition', { name: label }).textContent;
const pane = () => within(screen.getByRole('region', { name: 'Ride details' }));
const details = () => within(screen.getByRole('region', { name: 'Details' }));
const toastWith = (text: string) => screen.findByText(text);

const ENDED = makeRideDetail(makeRide());
const OPEN = makeRideDetail(
  makeRide({ status: 'active', end: null, duration: null, distance: null, endReason: null, points: null }),
);

/** The page with `ride` open in the pane and in the list. */
function openRide(ride: RideDetail, setup: RidesSetup = {}) {
  return renderRidesPage({
    url: `${NOVEMBER}&ride=${ride._id}`,
    list: () => json(makeRidesPage([ride])),
    details: [ride],
    ...setup,
  });
}

resetOperatorSessionAroundEachTest();
afterEach(() => {
  vi.useRealTimers();
});

describe('Ride detail pane', { timeout: 20_000 }, () => {
  it('shows an ended ride: cart, driver, method, times on the site clock, duration and its details', async () => {
    const ride = makeRideDetail(
      makeRide({
        type: 'rfid',
        unlockCode: '0004211',
        driver: '44444444-4444-4444-8444-444444444444',
        unlockedBy: { _id: '33333333-3333-4333-8333-333333333333', email: 'desk@club.example' },
        endReason: 'cartLocked',
        marks: { tooShort: false, fewPoints: true },
      }),
    );
    openRide(ride);
    expect((await screen.findByTestId('ride-detail-cart')).textContent).toBe('Cart 7');
    expect(screen.getByTestId('ride-detail-driver').textContent).toBe('Alice Green');
    expect(pane().getByText('Birdie · Unlocked with: RFID tag')).toBeTruthy();
    expect(fact('Start')).toBe('10/11/2026, 10:30');
    expect(fact('Duration')).toBe('25:00');
    expect(fact('End')).toBe('10/11/2026, 10:55');

    expect(details().getByTestId('ride-service').textContent).toBe('18 holes');
    expect(fact('Unlock code')).toBe('0004211');
    expect(fact('Driver')).toContain('Alice Green');
    expect(details().getByTestId('ride-virtual-key').textContent).toBe('Virtual key');
    expect(fact('Email')).toBe('alice@example.com');
    expect(fact('Unlocked with')).toBe('RFID tag');
    expect(fact('Unlocked by')).toBe('desk@club.example');
    expect(fact('Distance')).toBe('2.5 km');
    expect(fact('End reason')).toBe('Locked at the cart');
    expect(details().getByTestId('ride-mark-explained-fewPoints').textContent).toBe(
      "Few GPS points: Fewer GPS positions than the club's minimum for a trail.",
    );
    expect(details().queryByTestId('ride-mark-explained-tooShort')).toBeNull();
  });

  it('leaves out the unlock code of rides not opened at the cart, and the badge of a guest', async () => {
    openRide(ENDED);
    await screen.findByTestId('ride-detail-cart');
    expect(screen.queryByRole('definition', { name: 'Unlock code' })).toBeNull();
    expect(screen.queryByTestId('ride-virtual-key')).toBeNull();
    expect(screen.queryByRole('definition', { name: 'Unlocked by' })).toBeNull();
  });

  it('collapses and opens the details', async () => {
    openRide(ENDED);
    const toggle = await screen.findByTestId('ride-details-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Details' })).toBeNull());
    fireEvent.click(toggle);
    expect(await screen.findByRole('region', { name: 'Details' })).toBeTruthy();
  });

  it('shows an open ride as Active, with its duration running each second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T09:32:03Z'));
    openRide(OPEN);
    await screen.findByTestId('ride-detail-cart');
    expect(fact('Duration')).toBe('2:03');
    expect(
      within(screen.getByRole('definition', { name: 'End' })).getByTestId('ride-status').textContent,
    ).toBe('Active');
    // The clock moves on; the pane follows it at its next tick.
    vi.setSystemTime(new Date('2026-11-10T10:32:09Z'));
    await waitFor(() => expect(fact('Duration')).toBe('1:02:09'));
  });

  it('hides the technical block from a user', async () => {
    openRide(ENDED, { role: 'user' });
    await screen.findByTestId('ride-detail-cart');
    expect(screen.queryByTestId('ride-technical')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Hi-resolution trail' })).toBeNull();
  });

  it('shows the admin the number of points, the copyable ride id and the hi-resolution switch', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    openRide(ENDED, { role: 'admin' });
    const technical = within(await screen.findByTestId('ride-technical'));
    expect(fact('GPS points')).toBe('240');
    expect(technical.getByRole('switch', { name: 'Hi-resolution trail' })).toBeTruthy();
    expect(technical.getByTestId('ride-id').textContent).toBe(ENDED._id);
    fireEvent.click(technical.getByRole('button', { name: 'Copy the ride ID' }));
    expect(await toastWith('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ENDED._id);
  });

  it('asks for the trail again in hi-resolution when the switch is turned on', async () => {
    const server = openRide(ENDED, {
      detail: (ride, query) =>
        json({
          ...ride,
          hiRes: query.get('hiRes') === 'true',
          trail: query.get('hiRes') === 'true' ? [...ride.trail, [50.002, 14.002]] : ride.trail,
        }),
    });
    const switchInput = await screen.findByRole('switch', { name: 'Hi-resolution trail' });
    expect(server.detailQueries(ENDED._id)).toEqual([{ hiRes: 'false' }]);
    fireEvent.click(switchInput);
    await waitFor(() => expect(server.detailQueries(ENDED._id).at(-1)).toEqual({ hiRes: 'true' }));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Hi-resolution trail' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('draws the trail with a start marker and an end marker; an open ride has the cart instead of an end', async () => {
    openRide(ENDED);
    await waitFor(() => expect(document.querySelector('path.fw-ride-trail-flow')).toBeTruthy());
    expect(document.querySelector('.fw-ride-marker--start')?.textContent).toBe('1');
    expect(document.querySelector('.fw-ride-marker--end')?.textContent).toBe('2');
    expect(document.querySelector('.fw-ride-marker--current')).toBeNull();
  });

  it('marks where an open ride is now instead of an end', async () => {
    openRide(OPEN);
    await waitFor(() => expect(document.querySelector('.fw-ride-marker--current')).toBeTruthy());
    expect(document.querySelector('.fw-ride-marker--start')).toBeTruthy();
    expect(document.querySelector('.fw-ride-marker--end')).toBeNull();
  });

  it('says so on the map when the ride has no positions yet', async () => {
    openRide({ ...OPEN, trail: [] });
    expect(await screen.findByText('No positions recorded for this ride yet.')).toBeTruthy();
    expect(document.querySelector('.fw-ride-marker--start')).toBeNull();
  });

  it('never says "yet" of an ended ride: no positions were recorded, and its points are not counted later', async () => {
    openRide({ ...ENDED, trail: [], points: null }, { role: 'admin' });
    expect(await screen.findByText('No positions were recorded for this ride.')).toBeTruthy();
    expect(fact('GPS points')).toBe('Not recorded');
    expect(screen.queryByText('No positions recorded for this ride yet.')).toBeNull();
    expect(screen.queryByText('Counted when the ride ends')).toBeNull();
  });

  it('counts the points of an open ride when it ends', async () => {
    openRide(OPEN, { role: 'admin' });
    await screen.findByTestId('ride-technical');
    expect(fact('GPS points')).toBe('Counted when the ride ends');
  });

  it('ends an open ride after confirmation with {session}, and shows it ended', async () => {
    // The server's ride: open until the end call ends it.
    let current: RideDetail = OPEN;
    const server = openRide(OPEN, {
      role: 'user',
      detail: () => json(current),
      routes: {
        'POST /api/dashboard/rides/end': () => {
          current = { ...OPEN, status: 'ended', end: '2026-11-10T09:55:00.000Z', duration: 1500 };
          const { trail: _trail, hiRes: _hiRes, siteCenter: _siteCenter, ...view } = current;
          return json(view);
        },
      },
    });
    fireEvent.click(await screen.findByTestId('ride-end'));
    const dialog = within(await screen.findByRole('dialog', { name: 'End ride?' }));
    expect(dialog.getByText('The ride on Cart 7 ends now and the cart is locked.')).toBeTruthy();
    const listAsked = server.listQueries().length;
    fireEvent.click(dialog.getByRole('button', { name: 'End ride' }));

    expect(await toastWith('Ride ended')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/rides/end').map((call) => call.body)).toEqual([
      { session: OPEN._id },
    ]);
    await waitFor(() => expect(fact('End')).toBe('10/11/2026, 10:55'));
    await waitFor(() => expect(server.listQueries().length).toBeGreaterThan(listAsked));
  });

  it('says why the server refused to end a ride, in a toast', async () => {
    const server = openRide(OPEN, {
      routes: {
        'POST /api/dashboard/rides/end': () =>
          json({ message: 'The ride is not active', code: 'notActive' }, 409),
      },
    });
    fireEvent.click(await screen.findByTestId('ride-end'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await toastWith('Could not end the ride: The ride is not active')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/rides/end')).toHaveLength(1);
  });

  it('resumes a paused ride after confirmation with {session}', async () => {
    const paused = { ...OPEN, status: 'paused' as const };
    const server = openRide(paused, {
      routes: { 'POST /api/dashboard/rides/resume': () => json(makeRide({ ...OPEN })) },
    });
    expect((await screen.findAllByTestId('ride-status')).map((badge) => badge.textContent)).toContain(
      'Paused',
    );
    fireEvent.click(screen.getByTestId('ride-resume'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await toastWith('Ride resumed')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/rides/resume').map((call) => call.body)).toEqual([
      { session: OPEN._id },
    ]);
  });

  it('deletes a ride after a warning that it cannot be undone, with {sessionID}, and closes it', async () => {
    const server = openRide(ENDED, {
      routes: { 'POST /api/dashboard/rides/delete': () => json({ ok: true }) },
    });
    // An ended ride can no longer be ended or resumed.
    await screen.findByTestId('ride-delete');
    expect(screen.queryByTestId('ride-end')).toBeNull();
    expect(screen.queryByTestId('ride-resume')).toBeNull();

    fireEvent.click(screen.getByTestId('ride-delete'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete ride?' }));
    expect(dialog.getByText(/This cannot be undone\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/dashboard/rides/delete')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('ride-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await toastWith('Ride deleted')).toBeTruthy();
    expect(server.callsTo('POST', '/api/dashboard/rides/delete').map((call) => call.body)).toEqual([
      { sessionID: ENDED._id },
    ]);
    await waitFor(() => expect(server.selectedRide()).toBeNull());
    expect(await screen.findByTestId('no-ride-selected')).toBeTruthy();
  });

  it('offers no actions to staff below the user role', async () => {
    openRide(OPEN, { role: 'basic' });
    await screen.findByTestId('ride-detail-cart');
    expect(screen.queryByRole('group', { name: 'Ride actions' })).toBeNull();
    expect(screen.queryByTestId('ride-end')).toBeNull();
    expect(screen.queryByTestId('ride-delete')).toBeNull();
  });

  it('follows the socket: the pane shows the ride ended, or deleted, as it happens', async () => {
    // The server's ride, as the socket announces it and as the pane asks for it again.
    let current: RideDetail = OPEN;
    const announce = (changes: Partial<RideDetail>) => {
      current = { ...current, ...changes };
      const { trail: _trail, hiRes: _hiRes, siteCenter: _siteCenter, ...view } = current;
      act(() => relaySocketEvent('ride:update' as never, view as never));
    };
    openRide(OPEN, { detail: () => json(current) });
    await screen.findByTestId('ride-end');
    announce({ status: 'ended', end: '2026-11-10T09:45:00.000Z', duration: 900 });
    await waitFor(() => expect(fact('End')).toBe('10/11/2026, 10:45'));
    expect(fact('Duration')).toBe('15:00');
    expect(screen.queryByTestId('ride-end')).toBeNull();

    announce({ deleted: true });
    expect((await screen.findByTestId('ride-deleted')).textContent).toBe('This ride was deleted.');
    expect(screen.queryByTestId('ride-delete')).toBeNull();
  });

  it('refreshes the ride on demand', async () => {
    const server = openRide(ENDED);
    await screen.findByTestId('ride-detail-cart');
    expect(server.detailQueries(ENDED._id)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the ride' }));
    await waitFor(() => expect(server.detailQueries(ENDED._id)).toHaveLength(2));
  });

  it('says when the ride does not exist, with a way back to the list', async () => {
    const server = openRide(ENDED, { detail: () => json({ message: 'Ride not found' }, 404) });
    expect(await screen.findByText('Ride not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the rides' }));
    await waitFor(() => expect(server.selectedRide()).toBeNull());
  });
});
