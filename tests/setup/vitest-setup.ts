import { configureGlobal } from "fast-check";
import { fuzzRuns } from "../../domain/shared/testing/fuzz-budget.test-helper.ts";

// React Testing Library needs the act environment flag and a cleanup between tests; node-only
// suites pay nothing for these lines because the cleanup import is lazy.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A property without its own numRuns runs fast-check's 100 cases in `npm test`, ten times that in
// `npm run test:deep`; failures print the seed and path to replay either way.
configureGlobal({ numRuns: fuzzRuns(100) });

/**
 * How long findBy*, waitFor and waitForElementToBeRemoved wait. Testing Library's default (1 s)
 * is shorter than a lazy chunk takes to compile on a 2-core machine that is busy with other
 * workers; a test that waits for something that never comes still fails, just later.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 15_000;

if (typeof document !== "undefined") {
  // jsdom has no CSS.escape, which React Aria's Modal calls when it opens (to find a CSP nonce):
  // every component test that opens a dialog needs it, as the browser has it.
  if (typeof globalThis.CSS?.escape !== "function") {
    Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) } });
  }
  const { afterEach } = await import("vitest");
  const { cleanup, configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
  afterEach(() => cleanup());
}
