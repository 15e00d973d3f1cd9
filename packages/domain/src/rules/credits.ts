import { credits, UNLIMITED_CREDITS } from '../schemas/members';
import { isUnlimited } from './credit-balance';

/**
 * A member's credits (spec §4 Credits): whole rides, a negative number meaning unlimited. Shared because the
 * web app's Credits dialog edits them and the server deducts them on unlock; both must read "unlimited" and
 * "a ride costs one credit" the same way.
 */
export { isUnlimited };

/** Spec §9: an unlock with a key code deducts one credit unless unlimited; none left stays none. */
export function creditsAfterRide(value: number): number {
  if (isUnlimited(value)) return UNLIMITED_CREDITS;
  return Math.max(0, value - 1);
}

export type CreditsInputError = 'required' | 'notNumber' | 'notWhole' | 'tooLarge';

/** What the operator typed, read as credits: a whole number (negative = unlimited) or why it is not one. */
export function readCreditsInput(text: string): { value: number } | { error: CreditsInputError } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'required' };
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return { error: 'notNumber' };
  // Credits are whole rides: a decimal such as -0.5 would otherwise read as unlimited.
  if (!Number.isInteger(number)) return { error: 'notWhole' };
  const parsed = credits.safeParse(number);
  if (!parsed.success) return { error: 'tooLarge' };
  return { value: number };
}

/** The Credits dialog: the text of the number input and the credits to restore when Unlimited is unticked. */
export interface CreditsState {
  text: string;
  /** The last whole number of rides (0 or more) the dialog held; unticking Unlimited comes back to it. */
  restore: number;
}

export type CreditsAction =
  | { type: 'typed'; text: string }
  | { type: 'increment' }
  | { type: 'decrement' }
  | { type: 'unlimited'; on: boolean };

export function initialCreditsState(value: number): CreditsState {
  return isUnlimited(value)
    ? { text: String(UNLIMITED_CREDITS), restore: 0 }
    : { text: String(value), restore: value };
}

const valueOf = (state: CreditsState): number | null => {
  const read = readCreditsInput(state.text);
  return 'value' in read ? read.value : null;
};

/** Unlimited is not a separate flag: it is a negative number, so typing one ticks the switch by itself. */
export const creditsStateUnlimited = (state: CreditsState): boolean => {
  const value = valueOf(state);
  return value !== null && isUnlimited(value);
};

/** Minus is disabled at 0 (credits never go below none by counting down) and while unlimited. */
export const canDecrement = (state: CreditsState): boolean => {
  const value = valueOf(state);
  return value !== null && value > 0;
};

/** Plus counts rides, so it waits until Unlimited is unticked; from an empty or invalid text it starts at 1. */
export const canIncrement = (state: CreditsState): boolean => !creditsStateUnlimited(state);

const withValue = (value: number): CreditsState => ({ text: String(value), restore: value });

export function creditsReducer(state: CreditsState, action: CreditsAction): CreditsState {
  switch (action.type) {
    case 'typed': {
      const read = readCreditsInput(action.text);
      const counted = 'value' in read && !isUnlimited(read.value);
      return { text: action.text, restore: counted ? read.value : state.restore };
    }
    case 'increment':
      return canIncrement(state) ? withValue((valueOf(state) ?? 0) + 1) : state;
    case 'decrement':
      return canDecrement(state) ? withValue(valueOf(state)! - 1) : state;
    case 'unlimited':
      if (action.on) return { text: String(UNLIMITED_CREDITS), restore: state.restore };
      return creditsStateUnlimited(state) ? withValue(state.restore) : state;
  }
}
