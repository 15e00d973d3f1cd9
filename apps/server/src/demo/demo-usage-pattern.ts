import { addDays, localDate, minutesOfDay, weekdayOf, zonedInstant, type OpeningDay } from '@fairway/domain';

/**
 * When the demo club's past rounds start (issue 19 item 5), so every Usage chart shows what a real club's
 * would: busier Fridays and Saturdays, mornings busiest, a quiet evening, and nothing while the club is
 * closed (no round starts before opening or in the last hour before closing, none on a closed day).
 * Both the card payments (demo-payments.ts) and the rest of the history (demo-ride-history.ts) use it.
 */

/** A small deterministic generator, so every fresh demo looks alike (and tests can rely on its shape). */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** How much an hour of the site's clock draws first tee times: early and mid morning most, evening least. */
export const DEMO_HOUR_WEIGHTS: Readonly<Record<number, number>> = {
  6: 3,
  7: 8,
  8: 10,
  9: 10,
  10: 9,
  11: 7,
  12: 5,
  13: 5,
  14: 4,
  15: 4,
  16: 3,
  17: 2,
  18: 1,
  19: 0.5,
};

/** No round starts within this many minutes of closing: nobody sets out for 9 holes as the gates shut. */
export const LAST_START_BEFORE_CLOSE = 60;

export interface RoundStartsInput {
  now: number;
  /** days back from today (today is day 0 and gets only the rounds already started) */
  days: number;
  timezone: string;
  /** Sunday first; null: closed */
  openingHours: readonly (OpeningDay | null)[];
  /** rounds on an average day of that weekday (0 = Sunday) */
  perWeekday: readonly number[];
  random: () => number;
}

/** An hour of [from, to) drawn by DEMO_HOUR_WEIGHTS; null when none of them has weight. */
function weightedHour(from: number, to: number, random: () => number): number | null {
  const hours = [];
  for (let hour = from; hour < to; hour++) if (DEMO_HOUR_WEIGHTS[hour]) hours.push(hour);
  const total = hours.reduce((sum, hour) => sum + DEMO_HOUR_WEIGHTS[hour]!, 0);
  if (total === 0) return null;
  let pick = random() * total;
  for (const hour of hours) {
    pick -= DEMO_HOUR_WEIGHTS[hour]!;
    if (pick < 0) return hour;
  }
  return hours.at(-1)!;
}

/**
 * Start instants of the rounds of the last `days` days, oldest first: each open day gets about its
 * weekday's count (±25 %), each round an hour by DEMO_HOUR_WEIGHTS within [opening, closing − 60 min).
 */
export function demoRoundStarts(input: RoundStartsInput): number[] {
  const { now, timezone, random } = input;
  const today = localDate(now, timezone);
  const starts: number[] = [];
  for (let back = input.days; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = weekdayOf(date);
    const hours = input.openingHours[weekday];
    if (!hours) continue;
    const open = minutesOfDay(hours.openTime);
    const lastStart = minutesOfDay(hours.closeTime) - LAST_START_BEFORE_CLOSE;
    const count = Math.round((input.perWeekday[weekday] ?? 0) * (0.75 + random() * 0.5));
    const day: number[] = [];
    for (let n = 0; n < count; n++) {
      const hour = weightedHour(Math.floor(open / 60), Math.ceil(lastStart / 60), random);
      if (hour === null) break;
      const minute = Math.min(Math.max(hour * 60 + Math.floor(random() * 60), open), lastStart - 1);
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      const time = `${hh}:${String(minute % 60).padStart(2, '0')}`;
      const start = zonedInstant(date, time, timezone);
      if (start < now) day.push(start);
    }
    starts.push(...day.sort((a, b) => a - b));
  }
  return starts;
}
