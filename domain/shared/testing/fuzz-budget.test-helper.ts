import { inject } from "vitest";

/**
 * How many generated cases a property test or fuzzer runs. `npm test` runs the standard budget
 * written beside each property (sized so the whole suite stays inside its ten minutes);
 * `npm run test:deep` (TEST_DEPTH=deep, read in vitest.config.ts) runs DEEP_FACTOR times as many,
 * for a change to a parser, a validator or a route's input rules. Either way fast-check prints the
 * seed and the path of a failure, so a case the deep run finds is replayed with
 * `{ seed, path }` and kept as an example test.
 */
export const DEEP_FACTOR = 10;

export type TestDepth = "standard" | "deep";

declare module "vitest" {
  export interface ProvidedContext {
    testDepth: TestDepth;
  }
}

/** The depth this run was started with (standard unless TEST_DEPTH=deep). */
export const testDepth = (): TestDepth => (inject("testDepth") === "deep" ? "deep" : "standard");

/** The number of runs for a property whose standard budget is `standard`. */
export const fuzzRuns = (standard: number): number => (testDepth() === "deep" ? standard * DEEP_FACTOR : standard);
