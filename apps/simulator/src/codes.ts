import type { ConfigMessage } from '@fairway/domain';

export type ConfigCode = ConfigMessage['codes'][number];

/** How a code reaches the tracker: typed on its keypad, or read from a tag held to its RFID reader. */
export type CodeEntry = 'keypad' | 'rfid';

/** Why a code was refused; sent as `reason` of the `code_refused` event (device protocol §3.7). */
export type CodeRefusal = 'unknown' | 'expired' | 'wrong-type';

export type CodeDecision =
  { kind: 'unlock'; type: ConfigCode['type'] } | { kind: 'refuse'; reason: CodeRefusal };

/**
 * Which config code types each entry accepts. The keypad takes member keypad codes and the site's master
 * code; the reader takes RFID tags. Virtual keys are never checked on the cart: the server checks them
 * when a phone unlocks.
 */
const ACCEPTED: Record<CodeEntry, ReadonlySet<ConfigCode['type']>> = {
  keypad: new Set(['keypad', 'master']),
  rfid: new Set(['rfid']),
};

/**
 * What the firmware does with a code entered at the cart, judged against the codes of the config it runs:
 * a code of a type this entry accepts that has not expired unlocks; a code the config holds only under
 * another type is 'wrong-type'; one it holds only expired is 'expired'; anything else is 'unknown'.
 */
export function decideCode(
  code: string,
  via: CodeEntry,
  codes: readonly ConfigCode[],
  now: number,
): CodeDecision {
  const matching = codes.filter((entry) => entry.code === code);
  if (matching.length === 0) return { kind: 'refuse', reason: 'unknown' };
  const accepted = matching.filter((entry) => ACCEPTED[via].has(entry.type));
  if (accepted.length === 0) return { kind: 'refuse', reason: 'wrong-type' };
  const valid = accepted.find((entry) => entry.expires === null || entry.expires > now);
  return valid ? { kind: 'unlock', type: valid.type } : { kind: 'refuse', reason: 'expired' };
}

/** Member codes a player could use at this cart now: keypad codes and RFID tags that have not expired. */
export const usableMemberCodes = (codes: readonly ConfigCode[], now: number): ConfigCode[] =>
  codes.filter(
    (entry) =>
      (entry.type === 'keypad' || entry.type === 'rfid') && (entry.expires === null || entry.expires > now),
  );

/** The event a cart sends when a code unlocked it. */
export const unlockEventType = (via: CodeEntry): 'keypad_unlock' | 'rfid_unlock' =>
  via === 'keypad' ? 'keypad_unlock' : 'rfid_unlock';
