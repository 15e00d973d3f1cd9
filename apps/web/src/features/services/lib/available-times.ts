import { DEFAULT_AVAILABLE_TIME, END_OF_DAY } from '@fairway/domain';

/** A schedule row of a price: weekday 0 (Sunday) – 6, 'HH:mm' start and end ('24:00' = end of day). */
export interface TimeRowValues {
  day: number;
  start: string;
  end: string;
}

/** Weekdays as the editor lists them: the week starts on Monday (European clubs). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The first weekday (from Monday) that no row uses yet, or null when all seven are taken. */
export function firstUnusedDay(rows: readonly Pick<TimeRowValues, 'day'>[]): number | null {
  const used = new Set(rows.map((row) => row.day));
  return WEEK_ORDER.find((day) => !used.has(day)) ?? null;
}

/** 'Add time': the first unused day, 06:00–19:00 (spec §5); null when every day has a row. */
export function newTimeRow(rows: readonly TimeRowValues[]): TimeRowValues | null {
  const day = firstUnusedDay(rows);
  return day === null ? null : { day, ...DEFAULT_AVAILABLE_TIME };
}

/** Weekday names in `locale`, by day number (0 = Sunday). 1 January 2023 was a Sunday. */
export function weekdayNames(locale: string | undefined): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return [0, 1, 2, 3, 4, 5, 6].map((day) => format.format(new Date(2023, 0, 1 + day)));
}

/** The last time a picker can show; '24:00' is said with the 'until end of day' switch instead. */
const LAST_PICKABLE = '23:55';

/**
 * The end a row gets when 'until end of day' is switched off: the default 19:00 when the row starts
 * before it, else the last pickable time, so the row stays valid where it can.
 */
export const endAfterEndOfDay = (start: string): string =>
  start !== '' && start >= DEFAULT_AVAILABLE_TIME.end ? LAST_PICKABLE : DEFAULT_AVAILABLE_TIME.end;

export const isEndOfDay = (end: string): boolean => end === END_OF_DAY;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A picker's value for 'HH:mm' (on an arbitrary day; only the clock matters), or null for none. */
export function timeToDate(time: string): Date | null {
  const match = HH_MM.exec(time);
  return match ? new Date(2000, 0, 1, Number(match[1]), Number(match[2])) : null;
}

/** 'HH:mm' of a picker's value, or '' when it holds no complete, valid time. */
export function dateToTime(date: Date | null): string {
  if (date === null || Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
