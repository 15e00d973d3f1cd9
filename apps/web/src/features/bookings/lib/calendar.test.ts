import { describe, expect, it } from 'vitest';
import {
  calendarColumns,
  dayRange,
  eventTimes,
  firstMinuteToShow,
  gridHours,
  offsetText,
  openingOn,
  placeInDay,
} from './calendar';

const PRAGUE = 'Europe/Prague';

describe('eventTimes', () => {
  it('reads start and end on the site clock, with no offset inside the shown day', () => {
    expect(
      eventTimes({ start: '2030-06-10T07:00:00Z', end: '2030-06-10T11:00:00Z' }, '2030-06-10', PRAGUE),
    ).toEqual({
      start: '09:00',
      end: '13:00',
      startOffset: 0,
      endOffset: 0,
    });
  });

  it('gives a start the day before -1 and an end the day after +1', () => {
    // 22:00 on the 9th to 01:00 on the 11th, Prague summer time.
    const times = eventTimes(
      { start: '2030-06-09T20:00:00Z', end: '2030-06-10T23:00:00Z' },
      '2030-06-10',
      PRAGUE,
    );
    expect(times).toMatchObject({ start: '22:00', startOffset: -1, end: '01:00', endOffset: 1 });
    expect(offsetText(times.startOffset)).toBe('-1');
    expect(offsetText(times.endOffset)).toBe('+1');
    expect(offsetText(0)).toBe('');
  });

  it('counts an end at the next midnight as the next day (the instant is 00:00 there)', () => {
    const times = eventTimes(
      { start: '2030-06-10T20:00:00Z', end: '2030-06-10T22:00:00Z' },
      '2030-06-10',
      PRAGUE,
    );
    expect(times).toMatchObject({ end: '00:00', endOffset: 1 });
  });
});

describe('the day grid', () => {
  it("asks for the site's midnights, 23 hours on the spring-forward day", () => {
    const { start, end, range } = dayRange('2030-03-31', PRAGUE);
    expect(start).toBe('2030-03-30T23:00:00.000Z');
    expect(end).toBe('2030-03-31T22:00:00.000Z');
    expect((range.end - range.start) / 3_600_000).toBe(23);
  });

  it('clips an event to the day and places it in minutes from midnight', () => {
    const { range } = dayRange('2030-06-10', PRAGUE);
    expect(placeInDay({ start: '2030-06-09T20:00:00Z', end: '2030-06-10T07:30:00Z' }, range)).toEqual({
      top: 0,
      bottom: 9.5 * 60,
    });
  });

  it('shows the opening hours in whole hours, widened to take in events outside them', () => {
    const opening = openingOn('2030-06-10', [
      null,
      { openTime: '07:30', closeTime: '19:15' },
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(opening).toEqual({ open: 450, close: 1155 });
    expect(gridHours(opening, [])).toEqual({ from: 420, to: 1200 });
    expect(gridHours(opening, [{ top: 0, bottom: 60 }])).toEqual({ from: 0, to: 1200 });
    // Closed and empty: the whole day.
    expect(gridHours(null, [])).toEqual({ from: 0, to: 1440 });
  });

  it("opens at the club's opening or the first booking starting that day, not at a block carried over", () => {
    // A maintenance block from yesterday widens the grid to midnight; the day still opens at 07:30.
    expect(firstMinuteToShow({ open: 450 }, [600], 0)).toBe(450);
    expect(firstMinuteToShow({ open: 450 }, [360], 0)).toBe(360);
    expect(firstMinuteToShow(null, [600, 540], 0)).toBe(540);
    expect(firstMinuteToShow(null, [], 420)).toBe(420);
    // Never above the grid's top.
    expect(firstMinuteToShow({ open: 450 }, [], 480)).toBe(480);
  });
});

describe('calendarColumns', () => {
  const carts = [
    { _id: 'a', carNumber: '1' },
    { _id: 'b', carNumber: '2' },
  ];
  it('gives every cart a column, or with reserved only the booked ones', () => {
    const bookings = [{ device: 'b', carNumber: '2' }];
    expect(calendarColumns(carts, bookings, false).map((column) => column.id)).toEqual(['a', 'b']);
    expect(calendarColumns(carts, bookings, true).map((column) => column.id)).toEqual(['b']);
  });

  it('keeps a booking of a cart no longer listed, under its own number', () => {
    expect(calendarColumns(carts, [{ device: 'z', carNumber: '9' }], true)).toEqual([
      { id: 'z', carNumber: '9' },
    ]);
  });
});
