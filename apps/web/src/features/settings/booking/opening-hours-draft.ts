import {
  DEFAULT_OPENING_DAY,
  END_OF_DAY,
  hhmm,
  isOnTimeStep,
  toggleOpeningDay,
  windowEnd,
  type OpeningHours,
  type OpeningHoursDay,
} from '@fairway/domain';

/**
 * The opening-hours editor's state. It holds the pickers' own values (Date, possibly an Invalid Date while
 * the operator is typing) rather than 'HH:mm' strings: handing a picker back a value other than the one it
 * reported would wipe a half-typed time.
 */
export interface OpenDayDraft {
  open: Date | null;
  /** Ignored while `untilEndOfDay`; kept so switching that off brings the previous closing time back. */
  close: Date | null;
  /** Closes at 24:00, which a time picker cannot show. */
  untilEndOfDay: boolean;
}
/** null = closed that day. */
export type DayDraft = OpenDayDraft | null;

/** The week as the card lists it: Monday first. The data's index 0 is Sunday (spec §3). */
export const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

export type DayProblem = 'timeMissing' | 'timeStep' | 'closeAfterOpen';
export interface DayProblems {
  open?: DayProblem;
  close?: DayProblem;
}

/** Weekday names in `locale` by day number (0 = Sunday), capitalised for a row heading. 7 Jan 2024 was a Sunday. */
export function weekdayNames(locale: string | undefined): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const name = format.format(new Date(2024, 0, 7 + day));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

/** A picker's value for 'HH:mm' (on an arbitrary day: only the clock matters), or null. */
export function timeToDate(time: string): Date | null {
  if (!hhmm.safeParse(time).success) return null;
  return new Date(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3)));
}

/** 'HH:mm' of a picker's value, or '' when it holds no complete time. */
export function dateToTime(date: Date | null): string {
  if (date === null || Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export function draftOf(day: OpeningHoursDay): DayDraft {
  if (day === null) return null;
  const untilEndOfDay = day.closeTime === END_OF_DAY;
  return {
    open: timeToDate(day.openTime),
    close: timeToDate(untilEndOfDay ? DEFAULT_OPENING_DAY.closeTime : day.closeTime),
    untilEndOfDay,
  };
}

export const draftsOf = (hours: readonly OpeningHoursDay[]): DayDraft[] =>
  Array.from({ length: 7 }, (_, day) => draftOf(hours[day] ?? null));

/**
 * Spec §4: switching a day off closes it; switching it on brings back the hours the site had saved for
 * that day, or 05:00–20:00 when it had none (the shared rule, so the card and the spec agree).
 */
export const toggledDraft = (saved: OpeningHoursDay, on: boolean): DayDraft =>
  draftOf(toggleOpeningDay(saved, on));

/** The hours a draft day stands for; '' where a picker holds no complete time. */
export function hoursOf(day: DayDraft): { openTime: string; closeTime: string } | null {
  if (day === null) return null;
  return {
    openTime: dateToTime(day.open),
    closeTime: day.untilEndOfDay ? END_OF_DAY : dateToTime(day.close),
  };
}

/** What keeps a day from being saved, per picker: the rules of the domain's `openingHoursDay`. */
export function dayProblems(day: DayDraft): DayProblems {
  const hours = hoursOf(day);
  if (hours === null) return {};
  const problems: DayProblems = {};
  if (!hhmm.safeParse(hours.openTime).success) problems.open = 'timeMissing';
  else if (!isOnTimeStep(hours.openTime)) problems.open = 'timeStep';
  if (!windowEnd.safeParse(hours.closeTime).success) problems.close = 'timeMissing';
  else if (!isOnTimeStep(hours.closeTime)) problems.close = 'timeStep';
  // 'HH:mm' strings (and '24:00') order as the times do.
  if (!problems.open && !problems.close && hours.openTime >= hours.closeTime)
    problems.close = 'closeAfterOpen';
  return problems;
}

export const hasProblems = (problems: DayProblems): boolean =>
  problems.open !== undefined || problems.close !== undefined;

/** The week to save; only meaningful when no day has problems. */
export const openingHoursOf = (drafts: readonly DayDraft[]): OpeningHours =>
  drafts.map((day) => hoursOf(day));

/** The saved week in the same shape, so an unchanged form compares equal whatever extra fields came back. */
export const sameHours = (drafts: readonly DayDraft[], saved: readonly OpeningHoursDay[]): boolean =>
  JSON.stringify(openingHoursOf(drafts)) ===
  JSON.stringify(
    Array.from({ length: 7 }, (_, day) => {
      const entry = saved[day] ?? null;
      return entry && { openTime: entry.openTime, closeTime: entry.closeTime };
    }),
  );
