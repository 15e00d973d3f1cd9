/**
 * Seeded pseudo-random numbers, so a demo or a test run can be repeated exactly.
 * mulberry32: tiny state (one number per cart), good enough statistics for a simulation.
 */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [min, max) */
  between(min: number, max: number): number;
  /** integer uniform in [min, max] */
  int(min: number, max: number): number;
  /** exponentially distributed with the given mean (memoryless waiting times) */
  exponential(mean: number): number;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    exponential: (mean) => (Number.isFinite(mean) ? -mean * Math.log(1 - next()) : Infinity),
    pick: (items) => {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

/** Stable 32-bit seed from a fleet seed and a device id, so each cart's behaviour is reproducible on its own. */
export function seedFor(fleetSeed: number, deviceId: string): number {
  let hash = (fleetSeed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < deviceId.length; i++) {
    hash ^= deviceId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
