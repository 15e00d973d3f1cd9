import type { Course } from './courses/course';
import { bearingDeg, distanceM, pointAlong, type LatLng } from './geo';
import type { Random } from './random';
import { planRound, type RoundPlan } from './round-plan';

/**
 * The physical cart: where it is, whether it is locked, its battery and odometer, and what its
 * player is doing. Plain data mutated in place by the functions below, so thousands of carts cost
 * little; everything random comes from the cart's own seeded `Random`.
 */
export interface CartModel {
  position: LatLng;
  /** degrees clockwise from north; kept while standing */
  heading: number;
  /** km/h right now (0 when standing or locked) */
  speedKmh: number;
  /** 1 locked (the cart will not drive), 0 unlocked */
  lock: 0 | 1;
  /** '1' key mode (a physical key starts the cart), '0' keyless */
  key: '0' | '1';
  keyAlarm: '0' | '1';
  /** 0..1 */
  stateOfCharge: number;
  charging: boolean;
  odometerKm: number;
  /** the cart's own place in the barn, so parked carts do not sit on one pixel */
  spot: LatLng;
  activity: CartActivity;
}

export type CartActivity =
  /** In the barn on the charger, waiting for a player (`takeInS` simulated seconds from now). */
  | { kind: 'parked'; takeInS: number }
  /** Out on a round: driving leg `leg` (`metres` along it) or standing at its end (`stopLeftS`). */
  | { kind: 'round'; plan: RoundPlan; leg: number; metres: number; stopLeftS: number }
  /** Put somewhere by hand (a test, a tow): stands there, off any round, until it is unlocked. */
  | { kind: 'moved' };

/** Things that happened during an advance that the device reports straight away. */
export type CartHappening =
  /** a player unlocked the cart at the cart (keypad) and took it out */
  | 'taken'
  | 'departed'
  | 'stopped'
  /** back in the barn and locked by the player */
  | 'returned';

/** Lead-acid 48 V pack, the spec's battery curve (§9): 51.78 V = 100 %, 43.69 V = 0 %. */
export const BATTERY_FULL_V = 51.78;
export const BATTERY_EMPTY_V = 43.69;
/** A round of ~8 km uses about a third of the pack. */
const DRAIN_PER_KM = 0.04;
/** The tracker and idle electronics: about 0.3 % per hour. */
const IDLE_DRAIN_PER_S = 0.003 / 3600;
/** A flat pack is full after about 8 hours on the charger. */
const CHARGE_PER_S = 1 / (8 * 3600);
/** Staff do not hand out a cart below this charge; it stays on the charger. */
export const MIN_CHARGE_TO_TAKE = 0.4;
/** How soon a cart that was too flat to take is tried again. */
const RETRY_TAKE_S: [number, number] = [600, 1800];

export interface CartBehaviour {
  course: Course;
  random: Random;
  /** mean simulated seconds a returned cart waits in the barn before a player takes it (Infinity: never) */
  meanParkedS: number;
  /** factor on stop durations (1 = true to life) */
  stopScale: number;
}

export function batteryVolts(stateOfCharge: number): number {
  return BATTERY_EMPTY_V + (BATTERY_FULL_V - BATTERY_EMPTY_V) * Math.min(1, Math.max(0, stateOfCharge));
}

export function createParkedCart(spot: LatLng, behaviour: CartBehaviour): CartModel {
  const { random } = behaviour;
  return {
    position: spot,
    heading: random.between(0, 360),
    speedKmh: 0,
    lock: 1,
    key: '0',
    keyAlarm: '0',
    stateOfCharge: random.between(0.55, 1),
    charging: true,
    odometerKm: random.between(300, 3000),
    spot,
    activity: { kind: 'parked', takeInS: random.exponential(behaviour.meanParkedS) },
  };
}

/** Starts a round for the cart (already unlocked by whoever took it), from wherever it stands. */
export function startRound(cart: CartModel, behaviour: CartBehaviour): void {
  const plan = planRound(behaviour.course, cart.spot, behaviour.random, behaviour.stopScale, cart.position);
  cart.activity = { kind: 'round', plan, leg: 0, metres: 0, stopLeftS: plan.legs[0]!.stopS };
  cart.charging = false;
}

/** A cart that is already somewhere on its round, for a demo that shows moving carts from the start. */
export function createCartMidRound(spot: LatLng, behaviour: CartBehaviour): CartModel {
  const cart = createParkedCart(spot, behaviour);
  cart.stateOfCharge = behaviour.random.between(0.7, 1);
  cart.lock = 0;
  startRound(cart, behaviour);
  const plan = (cart.activity as Extract<CartActivity, { kind: 'round' }>).plan;
  advanceCart(cart, behaviour.random.between(0, 0.9) * plan.durationS, behaviour);
  return cart;
}

/** Locks the cart where it stands; a locked cart does not move until it is unlocked. */
export function lockCart(cart: CartModel): void {
  cart.lock = 1;
  cart.speedKmh = 0;
}

/**
 * Unlocks the cart. One parked in the barn (or left somewhere by hand) is being taken out (an app or
 * staff unlock), so its player sets off on a round; one held mid-round carries on from where it stopped.
 */
export function unlockCart(cart: CartModel, behaviour: CartBehaviour): void {
  cart.lock = 0;
  if (cart.activity.kind !== 'round') startRound(cart, behaviour);
}

/** Puts the cart at `position` at once, standing and off its round; its lock state stays as it was. */
export function moveCart(cart: CartModel, position: LatLng): void {
  if (distanceM(cart.position, position) > 1) cart.heading = bearingDeg(cart.position, position);
  cart.position = position;
  cart.speedKmh = 0;
  cart.charging = false;
  cart.activity = { kind: 'moved' };
}

/**
 * Moves the simulation on by `seconds` of simulated time: drives along the plan, stands at stops,
 * drains or charges the battery and counts the odometer. Works for any step, from a tick to hours.
 */
export function advanceCart(cart: CartModel, seconds: number, behaviour: CartBehaviour): CartHappening[] {
  const happenings: CartHappening[] = [];
  let remaining = seconds;
  while (remaining > 0) {
    const activity = cart.activity;

    if (activity.kind === 'parked') {
      const waited = Math.min(remaining, activity.takeInS);
      chargeInBarn(cart, waited);
      remaining -= waited;
      activity.takeInS -= waited;
      if (activity.takeInS > 0) break;
      if (cart.stateOfCharge < MIN_CHARGE_TO_TAKE || cart.lock === 0) {
        activity.takeInS = behaviour.random.between(RETRY_TAKE_S[0], RETRY_TAKE_S[1]);
        continue;
      }
      cart.lock = 0;
      startRound(cart, behaviour);
      happenings.push('taken');
      continue;
    }

    if (cart.lock === 1 || activity.kind === 'moved') {
      // Locked mid-round, or left somewhere by hand: the cart stands where it is.
      drain(cart, remaining, 0);
      cart.speedKmh = 0;
      break;
    }

    const leg = activity.plan.legs[activity.leg]!;
    if (activity.metres < leg.path.lengthM) {
      const speedMs = leg.cruiseKmh / 3.6;
      const timeToStop = (leg.path.lengthM - activity.metres) / speedMs;
      if (cart.speedKmh === 0) happenings.push('departed');
      const driven = Math.min(remaining, timeToStop);
      const metres = remaining >= timeToStop ? leg.path.lengthM - activity.metres : driven * speedMs;
      activity.metres += metres;
      remaining -= driven;
      drain(cart, driven, metres);
      const { position, heading } = pointAlong(leg.path, activity.metres);
      cart.position = position;
      if (heading !== null) cart.heading = heading;
      cart.speedKmh = leg.cruiseKmh;
      if (activity.metres >= leg.path.lengthM) {
        cart.speedKmh = 0;
        happenings.push('stopped');
      }
      continue;
    }

    // Standing at the end of the leg.
    const stood = Math.min(remaining, activity.stopLeftS);
    drain(cart, stood, 0);
    activity.stopLeftS -= stood;
    remaining -= stood;
    if (activity.stopLeftS > 0) break;
    activity.leg += 1;
    const next = activity.plan.legs[activity.leg];
    if (next === undefined) {
      returnToBarn(cart, behaviour);
      happenings.push('returned');
      continue;
    }
    activity.metres = 0;
    activity.stopLeftS = next.stopS;
  }
  return happenings;
}

/** The player parks the cart in its spot, locks it and plugs it in. */
function returnToBarn(cart: CartModel, behaviour: CartBehaviour): void {
  cart.lock = 1;
  cart.speedKmh = 0;
  cart.position = cart.spot;
  cart.activity = { kind: 'parked', takeInS: behaviour.random.exponential(behaviour.meanParkedS) };
  cart.charging = cart.stateOfCharge < 1;
}

function drain(cart: CartModel, seconds: number, metres: number): void {
  cart.odometerKm += metres / 1000;
  cart.stateOfCharge = Math.max(
    0,
    cart.stateOfCharge - (metres / 1000) * DRAIN_PER_KM - seconds * IDLE_DRAIN_PER_S,
  );
  cart.charging = false;
}

function chargeInBarn(cart: CartModel, seconds: number): void {
  cart.stateOfCharge = Math.min(1, cart.stateOfCharge + seconds * CHARGE_PER_S);
  // The charger drops to float once the pack is full; the tracker reports that as not charging.
  cart.charging = cart.stateOfCharge < 1;
  cart.speedKmh = 0;
}

/** True when the cart is standing in its barn spot (parked, whether locked or not). */
export const isParked = (cart: CartModel): boolean => cart.activity.kind === 'parked';

/** True while the cart is rolling (drives the report rate). */
export const isMoving = (cart: CartModel): boolean => cart.speedKmh > 0;
