/**
 * A small seeded pseudo-random generator (mulberry32). Demo data and demo audio must come out
 * the same on every machine and every run, so nothing in the seed may use Math.random.
 */
export type Prng = {
  /** A float in [0, 1). */
  readonly next: () => number;
  /** An integer in [min, max], both included. */
  readonly int: (min: number, max: number) => number;
  /** True with the given probability. */
  readonly chance: (probability: number) => boolean;
  readonly pick: <T>(items: readonly T[]) => T;
  /** A new generator whose stream depends on this one's seed and a label, not on how much of this one was used. */
  readonly fork: (label: string) => Prng;
};

/** FNV-1a: turns a label ("patient-17", "response-03") into a 32-bit seed. */
export const hashSeed = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

export const createPrng = (seed: number): Prng => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError("cannot pick from an empty list");
      return item;
    },
    fork: (label) => createPrng(hashSeed(`${seed}:${label}`)),
  };
  return prng;
};
