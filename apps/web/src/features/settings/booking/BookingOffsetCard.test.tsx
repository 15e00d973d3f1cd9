import type { SiteView } from '@fairway/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { installFetchMock, json } from '../../../test/fetch-mock';
import { makeSite } from '../../commands/testing/fixtures';
import { BookingOffsetCard } from './BookingOffsetCard';
import { renderAsOperator, resetOperatorSessionAroundEachTest } from '../../../test/operator-session';

const SITE_PATH = '/api/dashboard/sites';

function renderCard(editable = true) {
  const site = makeSite({ bookingOffset: 15 });
  const server = installFetchMock({
    [`PATCH ${SITE_PATH}`]: (call) =>
      json({ ...site, ...(call.body as { updateData: Partial<SiteView> }).updateData }),
  });
  renderAsOperator(<BookingOffsetCard site={site} editable={editable} />, 'admin');
  return server;
}

const slider = () => screen.getByRole('slider', { name: 'Booking offset' }) as HTMLInputElement;

resetOperatorSessionAroundEachTest();

describe('BookingOffsetCard', () => {
  it('offers 0 to 120 minutes in 5-minute steps, marked every half hour, starting at the saved value', () => {
    renderCard();
    expect([slider().min, slider().max, slider().step, slider().value]).toEqual(['0', '120', '5', '15']);
    expect(slider().getAttribute('aria-valuetext')).toBe('15 min');
    for (const mark of ['0 min', '30 min', '60 min', '90 min', '120 min'])
      expect(screen.getByText(mark)).toBeTruthy();
    expect(screen.getByText('Carts can be unlocked from 15 minutes after a booking starts.')).toBeTruthy();
  });

  it('saves the chosen offset in minutes and says so', async () => {
    const server = renderCard();
    fireEvent.change(slider(), { target: { value: '45' } });
    expect(slider().getAttribute('aria-valuetext')).toBe('45 min');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking offset updated')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({ updateData: { bookingOffset: 45 } });
  });

  it('puts a value between steps on the nearest 5-minute step', async () => {
    const server = renderCard();
    fireEvent.change(slider(), { target: { value: '23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', SITE_PATH)).toHaveLength(1));
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({ updateData: { bookingOffset: 25 } });
  });

  it('says when carts unlock only at the start', () => {
    renderCard();
    fireEvent.change(slider(), { target: { value: '0' } });
    expect(screen.getByText('Carts can be unlocked from the moment a booking starts.')).toBeTruthy();
  });

  it('shows the offset read-only to roles below admin', () => {
    renderCard(false);
    expect(slider().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the turnaround card (issue 17)', () => {
  it('shows the saved turnaround and saves a new one as bookingTurnaround', async () => {
    const site = makeSite({ bookingTurnaround: 20 });
    const server = installFetchMock({
      [`PATCH ${SITE_PATH}`]: (call) =>
        json({ ...site, ...(call.body as { updateData: Partial<SiteView> }).updateData }),
    });
    renderAsOperator(<BookingOffsetCard site={site} editable field="bookingTurnaround" />, 'admin');
    const turnaround = screen.getByRole('slider', { name: 'Turnaround after a booking' }) as HTMLInputElement;
    expect([turnaround.min, turnaround.max, turnaround.step, turnaround.value]).toEqual([
      '0',
      '120',
      '5',
      '20',
    ]);
    expect(screen.getByText('Carts can be booked again 20 minutes after a booking ends.')).toBeTruthy();
    fireEvent.change(turnaround, { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Turnaround updated')).toBeTruthy();
    expect(server.callsTo('PATCH', SITE_PATH)[0]?.body).toEqual({ updateData: { bookingTurnaround: 30 } });
  });
});
