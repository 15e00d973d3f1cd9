import { ACTIVITY_TYPES, cellularDots, CSQ_UNKNOWN, wifiStrength, type ActivityType } from '@fairway/domain';

/**
 * How the viewer reads an entry (spec §3 Activity entry; docs/activity-log.md lists the types and their
 * data). Pure, so the wording rules are tested without rendering.
 */

/** The chip's colour family: problems stand out, connects and commands stay calm. */
export type ActivityTone = 'success' | 'info' | 'warning' | 'error' | 'default';

const TONES: Record<ActivityType, ActivityTone> = {
  device_connected: 'success',
  device_disconnected: 'default',
  command_sent: 'info',
  command_acknowledged: 'success',
  command_failed: 'error',
  command_expired: 'warning',
  auth_refused: 'error',
  keypad_unlock: 'warning',
  rfid_unlock: 'warning',
  code_refused: 'warning',
  zone_enter: 'info',
  zone_exit: 'info',
  course_updated: 'info',
  webhook_disabled: 'warning',
  damage_reported: 'warning',
  damage_report_resolved: 'success',
  admin_booking_updated: 'info',
  admin_booking_cancelled: 'warning',
  admin_checkout_ended: 'warning',
  admin_payment_deleted: 'warning',
};

export const isKnownActivityType = (type: string): type is ActivityType =>
  (ACTIVITY_TYPES as readonly string[]).includes(type);

/** Older databases may hold types this version does not name: they show as written, in grey. */
export const activityTone = (type: string): ActivityTone =>
  isKnownActivityType(type) ? TONES[type] : 'default';

/** The link facts of an entry's data, each a number or a link kind, for the page to put into words. */
export type SignalFact =
  | { kind: 'cellular'; csq: number; dots: number }
  | { kind: 'wifi'; rssi: number; percent: number }
  | { kind: 'link'; conType: 'W' | 'G' };

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/**
 * The cart's link at the time (spec §3: data {csq, wifiSignal, conType}): the cellular CSQ with its dots, the
 * WiFi RSSI with its strength, and which link it used. Unknown or absent readings are left out (CSQ 99 is
 * the modem's "unknown"; a WiFi RSSI of 0 or more is the chip's "none").
 */
export function signalFacts(data: Record<string, unknown>): SignalFact[] {
  const facts: SignalFact[] = [];
  const conType = data.conType;
  if (conType === 'W' || conType === 'G') facts.push({ kind: 'link', conType });
  const csq = numberOf(data.csq);
  const dots = csq === null || csq === CSQ_UNKNOWN ? null : cellularDots(csq);
  if (csq !== null && dots !== null) facts.push({ kind: 'cellular', csq, dots });
  const rssi = numberOf(data.wifiSignal);
  if (rssi !== null && rssi < 0) facts.push({ kind: 'wifi', rssi, percent: wifiStrength(rssi) });
  return facts;
}

const SIGNAL_KEYS = new Set(['csq', 'wifiSignal', 'conType']);

/**
 * The rest of an entry's data as short "key: value" pairs (a command's name and source, a refusal's reason,
 * a zone's type), in the order written; ids and nested values are left out, they help no reader.
 */
export function otherFacts(data: Record<string, unknown>): { key: string; value: string }[] {
  return Object.entries(data)
    .filter(([key, value]) => !SIGNAL_KEYS.has(key) && !/id$/i.test(key) && value !== null && value !== '')
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => ({ key, value: String(value) }));
}
