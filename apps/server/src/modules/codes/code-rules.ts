import type { z } from 'zod';
import {
  codeTypesForSite,
  deriveAllDevices,
  rfidTag,
  sixDigitCode,
  toWholeMinute,
  type CodeType,
  type codeCreateBody,
  type codePatchBody,
} from '@fairway/domain';
import { HttpError, badRequest, conflict } from '../../lib/errors';

export type CodeCreate = z.output<typeof codeCreateBody>;
export type CodePatch = z.output<typeof codePatchBody>;

/** What a code is, as stored (the rules below decide it). */
export interface CodeValues {
  type: CodeType;
  code: string;
  master: boolean;
  /** car numbers; empty when allDevices */
  devices: string[];
  allDevices: boolean;
  enabled: boolean;
  expires: Date | null;
}

/** What the rules need to know about the code's site. */
export interface CodeSite {
  keypadEnabled: boolean;
  masterUnlock: string | null;
  /** the car numbers of all its carts */
  carNumbers: readonly string[];
}

export const CODE_MESSAGES = {
  notFound: 'Code not found',
  memberNotFound: 'Member not found',
  keypadOnly: 'Keypad and RFID codes need a keypad site',
  duplicate: 'Code already exists, please use a different code and try again.',
  typeTaken: (type: CodeType) => `This member already has a ${type} code`,
  masterOnKeypad: 'Master codes are only for sites without a keypad',
  expiresOnKeypad: 'Codes on keypad sites do not expire',
  expiryPast: 'Expiry must be in the future',
  unknownCart: (carNumber: string) => `Unknown cart: ${carNumber}`,
  newTag: 'Scan or enter the RFID tag: a code becoming an RFID tag needs the tag',
  itemRequired: 'devices: Item is required',
} as const;

/**
 * The code as it will be stored when `change` is applied to `current` (null: a new code), or the 4xx that
 * says why not. The server is the authority (spec §4 Codes, §5 Code): the type must exist on the site,
 * the value must suit the type and may not be the site's master code, master and expiry are for sites
 * without a keypad, an expiry lies in the future (whole minutes), and the carts are the site's. Uniqueness
 * of the value and of one code per type is left to the database's unique indexes.
 */
export function settleCode(
  current: CodeValues | null,
  change: CodeCreate | CodePatch,
  site: CodeSite,
  now: Date,
): CodeValues {
  const type = change.type ?? current!.type;
  if (!codeTypesForSite(site.keypadEnabled).includes(type)) throw badRequest(CODE_MESSAGES.keypadOnly);
  // Spec §4: choosing RFID clears the code, so the tag must come with the change.
  if (current && type === 'rfid' && current.type !== 'rfid' && change.code === undefined)
    throw badRequest(CODE_MESSAGES.newTag);

  const code = valueFor(type, change.code ?? current!.code);
  if (code !== current?.code && code === site.masterUnlock) throw codeTaken();

  const master = change.master ?? current?.master ?? false;
  if (master && site.keypadEnabled) throw badRequest(CODE_MESSAGES.masterOnKeypad);

  const expires = change.expires === undefined ? (current?.expires ?? null) : expiryFrom(change.expires, now);
  if (expires && site.keypadEnabled) throw badRequest(CODE_MESSAGES.expiresOnKeypad);

  const carts =
    current && change.devices === undefined && change.allDevices === undefined
      ? { devices: current.devices, allDevices: current.allDevices }
      : cartsFor(change.devices ?? current?.devices ?? [], change.allDevices ?? false, site.carNumbers);

  return { type, code, master, ...carts, enabled: change.enabled ?? current?.enabled ?? true, expires };
}

/** 409 for a value the site already uses; `code` lets the web app tell it from a type the member has. */
export const codeTaken = () => conflict(CODE_MESSAGES.duplicate, 'codeTaken');

/** 6 digits, or an RFID tag (a number, stored without leading zeros). */
function valueFor(type: CodeType, value: string): string {
  const parsed = (type === 'rfid' ? rfidTag : sixDigitCode).safeParse(value);
  if (!parsed.success) throw new HttpError(400, `code: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** Whole minutes (spec §5: the picker has no seconds), and strictly later than now. */
function expiryFrom(value: string | null, now: Date): Date | null {
  if (value === null) return null;
  const expires = toWholeMinute(new Date(value));
  if (expires.getTime() <= now.getTime()) throw badRequest(CODE_MESSAGES.expiryPast);
  return expires;
}

/**
 * Spec §4: allDevices is true when asked for, or derived from the pick (the rule the Code dialog shows); a
 * code for all carts keeps no list, so carts added later are included.
 */
function cartsFor(
  picked: readonly string[],
  allDevices: boolean,
  carNumbers: readonly string[],
): Pick<CodeValues, 'devices' | 'allDevices'> {
  if (allDevices) return { devices: [], allDevices: true };
  const devices = [...new Set(picked)];
  if (devices.length === 0) throw badRequest(CODE_MESSAGES.itemRequired);
  const known = new Set(carNumbers);
  const unknown = devices.find((carNumber) => !known.has(carNumber));
  if (unknown !== undefined) throw badRequest(CODE_MESSAGES.unknownCart(unknown));
  return deriveAllDevices(devices, carNumbers)
    ? { devices: [], allDevices: true }
    : { devices, allDevices: false };
}
