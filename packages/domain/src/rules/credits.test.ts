import { describe, expect, it } from 'vitest';
import {
  canDecrement,
  canIncrement,
  creditsAfterRide,
  creditsReducer,
  creditsStateUnlimited,
  initialCreditsState,
  isUnlimited,
  readCreditsInput,
  type CreditsAction,
  type CreditsState,
} from './credits';

const run = (start: number, ...actions: CreditsAction[]): CreditsState =>
  actions.reduce(creditsReducer, initialCreditsState(start));

describe('isUnlimited and creditsAfterRide', () => {
  it('reads any negative number as unlimited and 0 as none', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(-7)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(isUnlimited(1)).toBe(false);
  });

  it('deducts one ride, keeps unlimited at -1 and never goes below 0', () => {
    expect(creditsAfterRide(-1)).toBe(-1);
    expect(creditsAfterRide(-5)).toBe(-1);
    expect(creditsAfterRide(0)).toBe(0);
    expect(creditsAfterRide(1)).toBe(0);
    expect(creditsAfterRide(10)).toBe(9);
  });
});

describe('readCreditsInput', () => {
  it('accepts whole numbers, negative ones included, around spaces', () => {
    expect(readCreditsInput('0')).toEqual({ value: 0 });
    expect(readCreditsInput(' 12 ')).toEqual({ value: 12 });
    expect(readCreditsInput('-1')).toEqual({ value: -1 });
    expect(readCreditsInput('1000000')).toEqual({ value: 1_000_000 });
  });

  it('says why a text is not credits', () => {
    expect(readCreditsInput('')).toEqual({ error: 'required' });
    expect(readCreditsInput('   ')).toEqual({ error: 'required' });
    expect(readCreditsInput('abc')).toEqual({ error: 'notNumber' });
    expect(readCreditsInput('-')).toEqual({ error: 'notNumber' });
    expect(readCreditsInput('1.5')).toEqual({ error: 'notWhole' });
    expect(readCreditsInput('-0.5')).toEqual({ error: 'notWhole' });
    expect(readCreditsInput('1000001')).toEqual({ error: 'tooLarge' });
  });
});

describe('creditsReducer', () => {
  it('starts from the member: unlimited shows -1 and restores to 0', () => {
    expect(initialCreditsState(5)).toEqual({ text: '5', restore: 5 });
    const unlimited = initialCreditsState(-1);
    expect(creditsStateUnlimited(unlimited)).toBe(true);
    expect(run(-1, { type: 'unlimited', on: false }).text).toBe('0');
  });

  it('ticking Unlimited sets -1 and unticking restores the earlier credits', () => {
    const ticked = run(5, { type: 'unlimited', on: true });
    expect(ticked.text).toBe('-1');
    expect(creditsStateUnlimited(ticked)).toBe(true);
    expect(creditsReducer(ticked, { type: 'unlimited', on: false }).text).toBe('5');
  });

  it('typing a negative number ticks Unlimited; unticking restores the number typed before', () => {
    const typed = run(
      3,
      { type: 'typed', text: '8' },
      { type: 'typed', text: '-' },
      { type: 'typed', text: '-4' },
    );
    expect(creditsStateUnlimited(typed)).toBe(true);
    expect(creditsReducer(typed, { type: 'unlimited', on: false }).text).toBe('8');
  });

  it('typing a positive number after a negative unticks Unlimited', () => {
    const state = run(-1, { type: 'typed', text: '2' });
    expect(creditsStateUnlimited(state)).toBe(false);
    expect(state.restore).toBe(2);
  });

  it('disables minus at 0, while unlimited and while the text is not a number', () => {
    expect(canDecrement(initialCreditsState(1))).toBe(true);
    expect(canDecrement(initialCreditsState(0))).toBe(false);
    expect(canDecrement(initialCreditsState(-1))).toBe(false);
    expect(canDecrement(run(2, { type: 'typed', text: '' }))).toBe(false);
    // A disabled minus also does nothing when dispatched.
    expect(run(0, { type: 'decrement' }).text).toBe('0');
    expect(run(1, { type: 'decrement' }, { type: 'decrement' }).text).toBe('0');
  });

  it('counts up by one, from 1 when the text is empty, and not while unlimited', () => {
    expect(run(0, { type: 'increment' }).text).toBe('1');
    expect(run(4, { type: 'typed', text: '' }, { type: 'increment' }).text).toBe('1');
    expect(canIncrement(initialCreditsState(-1))).toBe(false);
    expect(run(-1, { type: 'increment' }).text).toBe('-1');
  });

  it('restores the last count after counting down and ticking Unlimited', () => {
    const state = run(
      3,
      { type: 'decrement' },
      { type: 'unlimited', on: true },
      { type: 'unlimited', on: false },
    );
    expect(state.text).toBe('2');
  });
});
