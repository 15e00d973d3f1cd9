import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { describe, expect, it } from 'vitest';
import { formatUptime, reportAge } from './report-age';

const NOW = Date.parse('2025-06-01T10:00:00Z');

describe('report age', () => {
  it('says how long ago, in the interface language', () => {
    expect(reportAge('2025-06-01T09:59:48Z', NOW, enUS)).toEqual({ ageMs: 12_000, text: '12 seconds ago' });
    expect(reportAge('2025-06-01T09:57:00Z', NOW, de)?.text).toBe('vor 3 Minuten');
  });

  it('never reads as the future when the cart clock runs ahead', () => {
    expect(reportAge('2025-06-01T10:00:05Z', NOW, enUS)).toEqual({ ageMs: 0, text: '0 seconds ago' });
  });

  it('is null for a cart that never reported or an unreadable time', () => {
    expect(reportAge(null, NOW, enUS)).toBeNull();
    expect(reportAge('yesterday', NOW, enUS)).toBeNull();
  });
});

describe('uptime', () => {
  it('shows days, hours and minutes; seconds only right after a boot', () => {
    expect(formatUptime(86_412, enUS)).toBe('1 day');
    expect(formatUptime(3 * 3600 + 2 * 60 + 9, enUS)).toBe('3 hours 2 minutes');
    expect(formatUptime(42, enUS)).toBe('42 seconds');
    expect(formatUptime(0, enUS)).toBe('0 seconds');
  });
});
