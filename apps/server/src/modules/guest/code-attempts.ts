/**
 * How often guests may try a 6-digit code (issue #15): a cart's own code on the cart, or a virtual or master
 * key on the club's portal (issue 18). Guests at a club share its Wi-Fi and so one address: a limit per
 * address alone made one guest's typos lock out every other guest. Tries are counted per attempt — the
 * address, the target (cart or club) and the code tried — so a guest repeating a code is slowed down
 * without touching anyone else, under two looser ceilings against guessing: per target (from any address,
 * so trying many codes on one cart or club stays slow) and per address (one phone trying many targets).
 * One limiter serves every guest route, so the address's ceiling counts all of its tries.
 */
export interface CodeAttempt {
  address: string;
  /** what the code is tried on: `cart:<id>`, `site:<id>` or `booking:<id>` */
  target: string;
  code: string;
}

export interface AttemptRule {
  name: string;
  max: number;
  windowMs: number;
  key: (attempt: CodeAttempt) => string;
}

export const CODE_ATTEMPT_RULES: AttemptRule[] = [
  { name: 'attempt', max: 5, windowMs: 60_000, key: (a) => `${a.address}|${a.target}|${a.code}` },
  { name: 'target', max: 20, windowMs: 60_000, key: (a) => a.target },
  { name: 'address', max: 60, windowMs: 60_000, key: (a) => a.address },
];

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows in memory (one server instance serves a club; a restart forgets them, as the rate-limit
 * plugin's own store does). A refused try is not counted, so waiting out the countdown always works.
 */
export class CodeAttemptLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rules: AttemptRule[] = CODE_ATTEMPT_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the try, or answers how many whole seconds until it may be made (the longest wait). */
  take(attempt: CodeAttempt): { retryAfter: number } | null {
    const now = this.now();
    this.prune(now);
    const windows = this.windowsOf(attempt, now);
    const wait = this.waitFor(windows, now);
    if (wait) return wait;
    for (const { key, window } of windows) this.windows.set(key, { ...window, count: window.count + 1 });
    return null;
  }

  /**
   * The wait `take` would answer, without counting the try: for codes a guest sends again and again once
   * right (a booking's code on every call of its page), where only wrong ones are counted (`take` on a miss).
   */
  blocked(attempt: CodeAttempt): { retryAfter: number } | null {
    const now = this.now();
    return this.waitFor(this.windowsOf(attempt, now), now);
  }

  private windowsOf(attempt: CodeAttempt, now: number) {
    return this.rules.map((rule) => {
      const key = `${rule.name}:${rule.key(attempt)}`;
      const current = this.windows.get(key);
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + rule.windowMs };
      return { key, rule, window };
    });
  }

  private waitFor(windows: ReturnType<CodeAttemptLimiter['windowsOf']>, now: number) {
    const full = windows.filter(({ rule, window }) => window.count >= rule.max);
    if (full.length === 0) return null;
    const until = Math.max(...full.map(({ window }) => window.resetAt));
    return { retryAfter: Math.max(1, Math.ceil((until - now) / 1000)) };
  }

  /** Drops windows that ended, so the map stays as small as the last minute's traffic. */
  private prune(now: number): void {
    if (this.windows.size < 1_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
