import { describe, expect, it } from 'vitest';
import { scheduledLockDue } from './scheduled-lock';

const at = (iso: string) => Date.parse(iso);

describe('scheduled lock', () => {
  it('is due when the local clock reaches lockFrom inside the interval', () => {
    // 20:00 in London in November is 20:00 UTC; in Prague it is 19:00 UTC.
    expect(
      scheduledLockDue('20:00', 'Europe/London', at('2026-11-21T19:59:30Z'), at('2026-11-21T20:00:10Z')),
    ).toBe(true);
    expect(
      scheduledLockDue('20:00', 'Europe/Prague', at('2026-11-21T18:59:30Z'), at('2026-11-21T19:00:00Z')),
    ).toBe(true);
  });
  it('is not due just before, nor again right after', () => {
    expect(
      scheduledLockDue('20:00', 'Europe/London', at('2026-11-21T19:58:00Z'), at('2026-11-21T19:59:59Z')),
    ).toBe(false);
    expect(
      scheduledLockDue('20:00', 'Europe/London', at('2026-11-21T20:00:00Z'), at('2026-11-21T20:01:30Z')),
    ).toBe(false);
  });
  it('never fires for 00:00 (no scheduled lock)', () => {
    expect(scheduledLockDue('00:00', 'UTC', at('2026-11-20T23:59:00Z'), at('2026-11-21T00:01:00Z'))).toBe(
      false,
    );
  });
  it('catches up within an hour after downtime, not older', () => {
    expect(scheduledLockDue('20:00', 'UTC', at('2026-11-21T19:00:00Z'), at('2026-11-21T20:45:00Z'))).toBe(
      true,
    );
    expect(scheduledLockDue('20:00', 'UTC', at('2026-11-21T19:00:00Z'), at('2026-11-21T21:30:00Z'))).toBe(
      false,
    );
  });
  it('skips a lock time inside the spring-forward gap', () => {
    // Europe/Prague 2026-03-29: 02:00 jumps to 03:00.
    expect(
      scheduledLockDue('02:30', 'Europe/Prague', at('2026-03-29T00:00:00Z'), at('2026-03-29T01:30:00Z')),
    ).toBe(false);
  });
});
