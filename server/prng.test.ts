import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { createPrng, hashSeed } from "./prng.ts";

describe("the seeded PRNG", () => {
  test.prop([fc.integer({ min: 0, max: 2 ** 32 - 1 })])("repeats its stream for the same seed", (seed) => {
    const a = createPrng(seed);
    const b = createPrng(seed);
    expect(Array.from({ length: 20 }, () => a.next())).toEqual(Array.from({ length: 20 }, () => b.next()));
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 50 })])(
    "int stays within its bounds",
    (seed, min, span) => {
      const prng = createPrng(seed);
      for (let i = 0; i < 20; i += 1) {
        const value = prng.int(min, min + span);
        expect(Number.isInteger(value) && value >= min && value <= min + span).toBe(true);
      }
    },
  );

  it("forks streams that do not depend on how much of the parent was used", () => {
    const fresh = createPrng(7).fork("patients").next();
    const used = createPrng(7);
    used.next();
    used.next();
    expect(used.fork("patients").next()).toBe(fresh);
    expect(createPrng(7).fork("staff").next()).not.toBe(fresh);
  });

  it("hashes labels to stable seeds", () => {
    expect(hashSeed("response-01")).toBe(hashSeed("response-01"));
    expect(hashSeed("response-01")).not.toBe(hashSeed("response-02"));
  });
});
