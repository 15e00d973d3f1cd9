import { describe, expect, it } from 'vitest';
import { TIME_ZONES, isTimeZone } from './time-zones';

describe('time zones', () => {
  it('lists the IANA zones, UTC included, sorted and unique', () => {
    expect(TIME_ZONES.length).toBeGreaterThan(300);
    for (const zone of ['UTC', 'Europe/Copenhagen', 'Europe/Prague', 'Europe/London', 'America/New_York'])
      expect(TIME_ZONES).toContain(zone);
    expect([...TIME_ZONES]).toEqual([...TIME_ZONES].sort());
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect(TIME_ZONES.every(isTimeZone)).toBe(true);
  });

  it('accepts tz aliases and refuses unknown names and bare offsets', () => {
    for (const zone of ['Europe/Kiev', 'Etc/UTC', 'UTC']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Europe', '+01:00', '-05:00'])
      expect(isTimeZone(zone)).toBe(false);
  });
});
