import type { OpeningHours, SiteView } from '@fairway/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotificationHost } from '../../../components/NotificationHost';
import '../../../lib/i18n';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { OpeningHoursCard } from './OpeningHoursCard';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const SITE_PATH = '/api/dashboard/sites';
/** Index 0 is Sunday: closed on Sundays and Wednesdays. */
const SAVED: OpeningHours = [
  null,
  { openTime: '07:00', closeTime: '20:00' },
  { openTime: '08:00', closeTime: '18:00' },
  null,
  { openTime: '07:00', closeTime: '19:00' },
  { openTime: '07:00', closeTime: '19:00' },
  { openTime: '06:30', closeTime: '21:00' },
];

function renderCard({ editable = true, site = makeSite({ openingHours: SAVED }) } = {}) {
  const server = installFetchMock({
    [`PATCH ${SITE_PATH}`]: (call) => {
      const { updateData } = call.body as { updateData: Partial<SiteView> };
      return json({ ...site, ...updateData });
    },
  });
  renderAsOperator(<OpeningHoursCard site={site} editable={editable} />, 'admin');
  return server;
}

/** The 'HH:mm' a time picker holds (its hidden input carries the value). */
const timeIn = (name: string) =>
  (screen.getByRole('group', { name }).querySelector('input') as HTMLInputElement).value;
/** Sets a picker as a completed typing would. */
const setTime = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('group', { name }).querySelector('input')!, { target: { value } });
const daySwitch = (day: string) => screen.getByRole('switch', { name: `${day} open` });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const patchedHours = (server: ReturnType<typeof renderCard>) =>
  (server.callsTo('PATCH', SITE_PATH)[0]?.body as { updateData: { openingHours: OpeningHours } }).updateData
    .openingHours;

resetOperatorSessionAroundEachTest();

// Fourteen time pickers make each render slow in jsdom; the default 5 s can run out on a busy machine.
describe('OpeningHoursCard', { timeout: 20_000 }, () => {
  it('lists the week from Monday with the saved hours, closed days without pickers', () => {
    renderCard();
    expect(screen.getAllByRole('switch').map((element) => element.getAttribute('aria-label'))).toEqual([
      'Monday open',
      'Tuesday open',
      'Wednesday open',
      'Thursday open',
      'Friday open',
      'Saturday open',
      'Sunday open',
    ]);
    expect(timeIn('Tuesday opens')).toBe('08:00');
    expect(timeIn('Tuesday closes')).toBe('18:00');
    expect((daySwitch('Wednesday') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('group', { name: 'Wednesday opens' })).toBeNull();
    // Nothing changed yet: nothing to save.
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves a day switched off as closed (null) with the exact week, then says so', async () => {
    const server = renderCard();
    fireEvent.click(daySwitch('Monday'));
    expect(screen.queryByRole('group', { name: 'Monday opens' })).toBeNull();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Opening hours updated')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({
      updateData: { openingHours: [null, null, SAVED[2], null, SAVED[4], SAVED[5], SAVED[6]] },
    });
  });

  it("switching a day back on restores that day's saved hours", () => {
    renderCard();
    fireEvent.click(daySwitch('Saturday'));
    fireEvent.click(daySwitch('Saturday'));
    expect(timeIn('Saturday opens')).toBe('06:30');
    expect(timeIn('Saturday closes')).toBe('21:00');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a day that had no hours at 05:00–20:00', async () => {
    const server = renderCard();
    fireEvent.click(daySwitch('Sunday'));
    expect(timeIn('Sunday opens')).toBe('05:00');
    expect(timeIn('Sunday closes')).toBe('20:00');
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(1));
    expect(patchedHours(server)[0]).toEqual({ openTime: '05:00', closeTime: '20:00' });
  });

  it('saves changed times and the end of the day as 24:00', async () => {
    const server = renderCard();
    setTime('Thursday opens', '09:15');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Friday open until end of day (24:00)' }));
    expect(screen.getByRole('textbox', { name: 'Friday closes' })).toHaveProperty('value', '24:00');
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(1));
    expect(patchedHours(server)[4]).toEqual({ openTime: '09:15', closeTime: '19:00' });
    expect(patchedHours(server)[5]).toEqual({ openTime: '07:00', closeTime: '24:00' });
  });

  it('blocks saving while a day closes before it opens or off the 5-minute steps, and says why', () => {
    const server = renderCard();
    setTime('Tuesday closes', '07:30');
    expect(screen.getByText('Closing must be after opening')).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);

    setTime('Tuesday closes', '18:00');
    setTime('Monday opens', '07:03');
    expect(screen.getByText('Use 5-minute steps')).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(saveButton());
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(0);
  });

  it('shows the server refusal as a toast and keeps the edits', async () => {
    const server = installFetchMock({
      [`PATCH ${SITE_PATH}`]: () =>
        json({ message: 'Changing settings needs role admin', code: 'role' }, 403),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationHost />
        <OpeningHoursCard site={makeSite({ openingHours: SAVED })} editable />
      </QueryClientProvider>,
    );
    fireEvent.click(daySwitch('Monday'));
    fireEvent.click(saveButton());
    expect(await screen.findByText("Only admins can change the site's settings.")).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(1);
    expect((daySwitch('Monday') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the hours read-only to roles below admin', () => {
    renderCard({ editable: false });
    expect((daySwitch('Monday') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only admins can change these settings.')).toBeTruthy();
  });
});
