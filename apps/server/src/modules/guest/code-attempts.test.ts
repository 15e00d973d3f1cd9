import { describe, expect, it } from 'vitest';
import { CODE_ATTEMPT_RULES, CodeAttemptLimiter, type CodeAttempt } from './code-attempts';

const limiterAt = (clock: { now: number }) => new CodeAttemptLimiter(CODE_ATTEMPT_RULES, () => clock.now);
const rule = (name: string) => CODE_ATTEMPT_RULES.find((r) => r.name === name)!;
const attempt = (overrides: Partial<CodeAttempt> = {}): CodeAttempt => ({
  address: '203.0.113.7',
  target: 'cart:1',
  code: '123456',
  ...overrides,
});

describe('code attempts: limited per address, cart and code tried', () => {
  it('slows down one attempt repeated, and answers the seconds to wait', () => {
    const clock = { now: 1_000_000 };
    const limiter = limiterAt(clock);
    for (let i = 0; i < rule('attempt').max; i++) expect(limiter.take(attempt())).toBeNull();
    clock.now += 11_500;
    expect(limiter.take(attempt())).toEqual({ retryAfter: 49 });
    // Refused tries are not counted: after the window the same try is allowed again.
    clock.now += 49_000;
    expect(limiter.take(attempt())).toBeNull();
  });

  it("does not block another guest on the club's Wi-Fi (same address, another cart or code)", () => {
    const limiter = limiterAt({ now: 0 });
    for (let i = 0; i < rule('attempt').max; i++) limiter.take(attempt());
    expect(limiter.take(attempt())).not.toBeNull();
    expect(limiter.take(attempt({ target: 'cart:2' }))).toBeNull();
    expect(limiter.take(attempt({ code: '654321' }))).toBeNull();
  });

  it('caps the codes tried on one cart, from any address', () => {
    const limiter = limiterAt({ now: 0 });
    for (let i = 0; i < rule('target').max; i++)
      expect(limiter.take(attempt({ address: `198.51.100.${i % 3}`, code: String(100000 + i) }))).toBeNull();
    expect(limiter.take(attempt({ address: '192.0.2.1', code: '999999' }))).toEqual({ retryAfter: 60 });
    expect(limiter.take(attempt({ address: '192.0.2.1', target: 'cart:2' }))).toBeNull();
  });

  it('caps one address across carts', () => {
    const limiter = limiterAt({ now: 0 });
    for (let i = 0; i < rule('address').max; i++)
      expect(limiter.take(attempt({ target: `cart:${i}` }))).toBeNull();
    expect(limiter.take(attempt({ target: 'cart:x' }))).toEqual({ retryAfter: 60 });
    expect(limiter.take(attempt({ address: '203.0.113.8', target: 'cart:x' }))).toBeNull();
  });

  it('answers the wait without counting a try (a booking code sent right, again and again)', () => {
    const limiter = limiterAt({ now: 0 });
    for (let i = 0; i < rule('address').max * 2; i++) expect(limiter.blocked(attempt())).toBeNull();
    for (let i = 0; i < rule('attempt').max; i++) limiter.take(attempt());
    expect(limiter.blocked(attempt())).toEqual({ retryAfter: 60 });
    expect(limiter.blocked(attempt({ code: '654321' }))).toBeNull();
  });
});
