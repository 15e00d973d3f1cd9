import { SERVICE_LIMITS } from '@fairway/domain';

/**
 * The service duration field: 'HH:mm' typed through a mask (spec §5). Digits alone fill hours then minutes
 * ('130' → '13:0', '0130' → '01:30'); a typed colon ends the hours, so '1:30' reads as it looks.
 */
export function maskDuration(typed: string): string {
  const colon = typed.indexOf(':');
  if (colon >= 0) {
    const hours = typed.slice(0, colon).replace(/\D/g, '').slice(-2);
    const minutes = typed
      .slice(colon + 1)
      .replace(/\D/g, '')
      .slice(0, 2);
    return `${hours}:${minutes}`;
  }
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

const DURATION = /^(\d{1,2}):([0-5]\d)$/;

/** Minutes of an 'H:mm' or 'HH:mm' duration, or null when the text is no duration. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:mm', the field's own format ('06:00' for 360, '24:00' for a whole day). */
export const formatDuration = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 'h:mm' as the services table shows a duration ('4:00', '0:30'). */
export const formatHoursMinutes = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** What the field shows after leaving it: a readable duration padded to 'HH:mm', anything else as typed. */
export function normaliseDuration(text: string): string {
  const minutes = parseDuration(text);
  return minutes === null ? text : formatDuration(minutes);
}

export type DurationProblem = 'required' | 'durationFormat' | 'durationMin' | 'durationMax';

/** Spec §5: required, 'HH:mm', at least 00:30; a service fits in a day (at most 24:00). */
export function durationProblem(text: string): DurationProblem | null {
  if (text.trim() === '') return 'required';
  const minutes = parseDuration(text);
  if (minutes === null) return 'durationFormat';
  if (minutes < SERVICE_LIMITS.durationMin) return 'durationMin';
  if (minutes > SERVICE_LIMITS.durationMax) return 'durationMax';
  return null;
}
