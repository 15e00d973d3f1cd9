import { describe, expect, it } from 'vitest';
import {
  advanceCart,
  batteryVolts,
  BATTERY_EMPTY_V,
  BATTERY_FULL_V,
  createCartMidRound,
  createParkedCart,
  lockCart,
  startRound,
  unlockCart,
  type CartBehaviour,
  type CartModel,
} from './cart-model';
import { DEMO_COURSE, SECOND_COURSE } from './courses';
import { distanceM } from './geo';
import { createRandom } from './random';
import { planRound } from './round-plan';

const behaviour = (seed = 7, meanParkedS = Infinity): CartBehaviour => ({
  course: DEMO_COURSE,
  random: createRandom(seed),
  meanParkedS,
  stopScale: 1,
});

/** A cart that has just set off on the first leg (barn → tee 1), past the departure stop. */
function cartOnFirstLeg(b: CartBehaviour): CartModel {
  const cart = createParkedCart(DEMO_COURSE.barn, b);
  cart.stateOfCharge = 0.9;
  cart.lock = 0;
  startRound(cart, b);
  if (cart.activity.kind !== 'round') throw new Error('expected a round');
  // Exactly to the end of the departure stop: the next advance sets off.
  advanceCart(cart, cart.activity.stopLeftS, b);
  return cart;
}

describe('driving model', () => {
  it('stopScale shortens stops but not the drive', () => {
    const full = planRound(DEMO_COURSE, DEMO_COURSE.barn, createRandom(3));
    const short = planRound(DEMO_COURSE, DEMO_COURSE.barn, createRandom(3), 0.1);
    expect(short.legs.map((leg) => leg.path.lengthM)).toEqual(full.legs.map((leg) => leg.path.lengthM));
    full.legs.forEach((leg, i) => expect(short.legs[i]!.stopS).toBeCloseTo(leg.stopS * 0.1, 6));
  });

  it('keeps a locked cart where it is, at speed 0', () => {
    const b = behaviour();
    const cart = createCartMidRound(DEMO_COURSE.barn, b);
    lockCart(cart);
    const before = { position: cart.position, odometer: cart.odometerKm };
    advanceCart(cart, 3_600, b);
    expect(cart.position).toEqual(before.position);
    expect(cart.odometerKm).toBe(before.odometer);
    expect(cart.speedKmh).toBe(0);
    expect(cart.activity.kind).toBe('round');
  });

  it('moves an unlocked cart along its path at 12–20 km/h and counts the distance on the odometer', () => {
    const b = behaviour();
    const cart = cartOnFirstLeg(b);
    const start = cart.position;
    const odometer = cart.odometerKm;
    const happenings = advanceCart(cart, 5, b);
    expect(happenings).toContain('departed');
    expect(cart.speedKmh).toBeGreaterThanOrEqual(12);
    expect(cart.speedKmh).toBeLessThanOrEqual(20);
    const moved = distanceM(start, cart.position);
    // 5 s at 12–20 km/h is 16.7–27.8 m, along a straight first leg.
    expect(moved).toBeGreaterThan(16);
    expect(moved).toBeLessThan(28);
    expect((cart.odometerKm - odometer) * 1000).toBeCloseTo(moved, 1);
    // heading points from the barn towards the 1st tee (north-east of the barn)
    expect(cart.heading).toBeGreaterThan(0);
    expect(cart.heading).toBeLessThan(90);
  });

  it('stops a cart where it stands when locked mid-drive and carries on when unlocked', () => {
    const b = behaviour();
    const cart = cartOnFirstLeg(b);
    advanceCart(cart, 2, b);
    lockCart(cart);
    const held = cart.position;
    advanceCart(cart, 600, b);
    expect(cart.position).toEqual(held);
    unlockCart(cart, b);
    expect(advanceCart(cart, 2, b)).toContain('departed');
    expect(distanceM(held, cart.position)).toBeGreaterThan(5);
  });

  it('drains the battery while driving and charges it in the barn', () => {
    const b = behaviour();
    const cart = cartOnFirstLeg(b);
    if (cart.activity.kind !== 'round') throw new Error('expected a round');
    const before = cart.stateOfCharge;
    // drive the whole round, up to the moment it is back in the barn
    const happenings = advanceCart(cart, cart.activity.plan.durationS, b);
    expect(happenings.at(-1)).toBe('returned');
    expect(cart.activity.kind).toBe('parked');
    expect(cart.stateOfCharge).toBeLessThan(before - 0.2);
    expect(cart.charging).toBe(true);

    const flat = cart.stateOfCharge;
    advanceCart(cart, 3_600, b);
    expect(cart.stateOfCharge).toBeCloseTo(flat + 1 / 8, 5);
    expect(cart.charging).toBe(true);
    advanceCart(cart, 10 * 3_600, b);
    expect(cart.stateOfCharge).toBe(1);
    expect(cart.charging).toBe(false);
    expect(batteryVolts(cart.stateOfCharge)).toBe(BATTERY_FULL_V);
    expect(batteryVolts(0)).toBe(BATTERY_EMPTY_V);
  });

  it('drives a whole round: every tee and green, then back to its barn spot, locked', () => {
    const b = behaviour(3);
    const cart = createParkedCart(DEMO_COURSE.barn, b);
    cart.lock = 0;
    startRound(cart, b);
    if (cart.activity.kind !== 'round') throw new Error('expected a round');
    const plan = cart.activity.plan;
    const odometer = cart.odometerKm;
    const visited = new Set<string>();
    const happenings: string[] = [];
    for (let t = 0; t < plan.durationS + 60; t += 10) {
      happenings.push(...advanceCart(cart, 10, b));
      if (cart.activity.kind === 'round') {
        const leg = cart.activity.plan.legs[cart.activity.leg]!;
        if (cart.speedKmh === 0 && leg.hole !== null) visited.add(`${leg.stop}${leg.hole}`);
      }
    }
    expect(happenings.at(-1)).toBe('returned');
    for (let hole = 1; hole <= 18; hole++) {
      expect(visited).toContain(`tee${hole}`);
      expect(visited).toContain(`green${hole}`);
    }
    expect(cart.lock).toBe(1);
    expect(cart.position).toEqual(DEMO_COURSE.barn);
    expect(cart.odometerKm - odometer).toBeCloseTo(plan.drivingM / 1000, 6);
    // An 18-hole round takes hours, most of it standing at tees and greens.
    expect(plan.durationS / 3_600).toBeGreaterThan(3);
    expect(plan.durationS / 3_600).toBeLessThan(4.5);
  });

  it('lets a player take a charged cart from the barn, but not a flat one', () => {
    const b = behaviour(11, 60);
    const charged = createParkedCart(DEMO_COURSE.barn, b);
    charged.stateOfCharge = 0.9;
    const happenings = advanceCart(charged, 3_600, b);
    expect(happenings[0]).toBe('taken');
    expect(charged.lock).toBe(0);

    const flat = createParkedCart(DEMO_COURSE.barn, b);
    flat.stateOfCharge = 0.1;
    expect(advanceCart(flat, 600, b)).not.toContain('taken');
    expect(flat.lock).toBe(1);
  });

  it('starts a mid-round cart unlocked somewhere on the course', () => {
    const b: CartBehaviour = {
      course: SECOND_COURSE,
      random: createRandom(5),
      meanParkedS: Infinity,
      stopScale: 1,
    };
    const cart = createCartMidRound(SECOND_COURSE.barn, b);
    expect(cart.lock).toBe(0);
    expect(cart.activity.kind).toBe('round');
    expect(cart.charging).toBe(false);
  });
});
