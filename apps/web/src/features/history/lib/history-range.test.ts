import { describe, expect, it } from 'vitest';
import { historyRangeBounds } from './history-range';

const NOW = new Date('2026-07-15T10:30:00Z');

describe('historyRangeBounds', () => {
  it("starts today at the site's midnight, not the browser's", () => {
    expect(historyRangeBounds('today', NOW, 'Europe/London').start.toISOString()).toBe(
      '2026-07-14T23:00:00.000Z',
    );
    expect(historyRangeBounds('today', NOW, 'America/New_York').start.toISOString()).toBe(
      '2026-07-15T04:00:00.000Z',
    );
    // 22:30 on 15 July in Auckland (UTC+12): its day began at noon UTC the day before.
    expect(historyRangeBounds('today', NOW, 'Pacific/Auckland').start.toISOString()).toBe(
      '2026-07-14T12:00:00.000Z',
    );
    expect(historyRangeBounds('today', NOW, 'Europe/London').end).toBe(NOW);
  });

  it('counts the week as today and the six days before', () => {
    expect(historyRangeBounds('week', NOW, 'UTC').start.toISOString()).toBe('2026-07-09T00:00:00.000Z');
  });

  it('goes back whole calendar months, clamping the day to a shorter month', () => {
    expect(historyRangeBounds('month1', NOW, 'UTC').start.toISOString()).toBe('2026-06-15T00:00:00.000Z');
    expect(historyRangeBounds('month6', NOW, 'UTC').start.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    const may31 = new Date('2026-05-31T12:00:00Z');
    expect(historyRangeBounds('month1', may31, 'UTC').start.toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(historyRangeBounds('month3', may31, 'UTC').start.toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('keeps six months within the 190 days the server allows', () => {
    const aug31 = new Date('2026-08-31T22:59:00Z');
    const { start, end } = historyRangeBounds('month6', aug31, 'Europe/London');
    expect(start.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect((end.getTime() - start.getTime()) / 86_400_000).toBeLessThan(190);
  });

  it('finds midnight across a daylight-saving change (London, 29 March 2026)', () => {
    const afterChange = new Date('2026-04-02T12:00:00Z');
    expect(historyRangeBounds('week', afterChange, 'Europe/London').start.toISOString()).toBe(
      '2026-03-27T00:00:00.000Z',
    );
    expect(historyRangeBounds('today', afterChange, 'Europe/London').start.toISOString()).toBe(
      '2026-04-01T23:00:00.000Z',
    );
  });

  it("falls back to the browser's time zone for an unknown one", () => {
    const { start } = historyRangeBounds('today', NOW, 'Not/AZone');
    expect(start.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - start.getTime()).toBeLessThanOrEqual(86_400_000);
  });
});
