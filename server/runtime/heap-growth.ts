import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what its last full collection kept alive, in percent
 * (issue 36, docs/server.md "Memory"). V8 picks up to 4x when collecting is cheap, so a burst of
 * short-lived garbage (a cold month-end judging 100,000 patients) grew the heap from about 60 to
 * 130 MB while only 26 MB stayed alive, and the resident memory (250 -> 420 MB) stayed up after it.
 * At 50 % the old generation is collected earlier and the server stays within 20-40 MB of idle
 * through the same CSV, for about a tenth more time (30 %: flatter, slower; docs/server.md "Memory").
 */
export const HEAP_GROWING_PERCENT = 50;

const FLAG = "--heap-growing-percent";

/**
 * Sets V8's heap growth for this process, unless the operator's `node` command line already chose
 * one (`node --heap-growing-percent=N …`), which is kept. Read by V8 at every full collection, so
 * setting it at start-up takes effect from the next one. Returns the percent in force (null: the
 * operator's own).
 */
export const limitHeapGrowth = (execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = setFlagsFromString): number | null => {
  // V8 takes its flags with dashes or underscores alike.
  const chosen = execArgv.map((argument) => argument.replaceAll("_", "-")).some((argument) => argument === FLAG || argument.startsWith(`${FLAG}=`));
  if (chosen) return null;
  setFlags(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return HEAP_GROWING_PERCENT;
};
