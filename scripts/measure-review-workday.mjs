#!/usr/bin/env node
// The keyboard cost of an SLP's review workday (issue 23, "Done when"): five pending sessions
// reviewed from the dashboard by keyboard alone, Tab presses, other keys and seconds, before and
// after the review queue. Not part of `npm test`.
//
// How to run, in the checkout to measure (the server serves the built client, so build it first):
//   npx vite build
//   node scripts/measure-review-workday.mjs --flow before --runs 3   # the loop without a queue
//   node scripts/measure-review-workday.mjs --flow after --runs 3    # the dashboard's "Start reviewing"
//   node scripts/measure-review-workday.mjs --flow after --entry patient  # the before flow's patient, "Review next"
//   node scripts/measure-review-workday.mjs --flow after --shortcuts # the step on by the `n` key
// Options: --sessions <n> (default 5), --json (only the summary on stdout).
// It runs tests/e2e/measure/review-workday.measure.ts (the flows are described there) through
// tests/e2e/measure/playwright.measure.config.ts: one worker, one Chromium (/usr/bin/chromium);
// the demo data is seeded once and each run gets its own server on a copy of it (a port the OS
// picks), so every run reviews the same sessions. Prints each run and the medians as JSON.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};

const flow = option("--flow", "before");
if (flow !== "before" && flow !== "after") {
  console.error("--flow must be before or after");
  process.exit(2);
}
const runs = Number(option("--runs", "3"));
const sessions = Number(option("--sessions", "5"));
const onlyJson = argv.includes("--json");
const entry = option("--entry", "dashboard");

/** The middle value (the lower middle for an even count). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const out = mkdtempSync(join(tmpdir(), "measure-review-workday-"));
const playwrightCli = join(ROOT, "node_modules", "@playwright", "test", "cli.js");
const child = spawn(
  process.execPath,
  [playwrightCli, "test", "-c", "tests/e2e/measure/playwright.measure.config.ts", "--repeat-each", String(runs)],
  {
    cwd: ROOT,
    stdio: ["ignore", onlyJson ? "ignore" : "inherit", "inherit"],
    env: {
      ...process.env,
      MEASURE_FLOW: flow,
      MEASURE_SHORTCUTS: argv.includes("--shortcuts") ? "1" : "0",
      MEASURE_SESSIONS: String(sessions),
      MEASURE_ENTRY: entry,
      MEASURE_OUT: out,
    },
  },
);
const code = await new Promise((resolve) => child.once("exit", (exitCode) => resolve(exitCode ?? 1)));

const results = readdirSync(out)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(out, name), "utf8")));
rmSync(out, { recursive: true, force: true });

const summary = {
  flow,
  shortcuts: argv.includes("--shortcuts"),
  entry: flow === "after" ? entry : "dashboard",
  sessions,
  runs: results.map((run) => ({ tabPresses: run.tabPresses, otherKeys: run.otherKeys, keys: run.keys, seconds: run.seconds })),
  median:
    results.length === 0
      ? null
      : {
          tabPresses: median(results.map((run) => run.tabPresses)),
          otherKeys: median(results.map((run) => run.otherKeys)),
          seconds: median(results.map((run) => run.seconds)),
        },
  // Where the first run went (every run reviews the same sessions): the old loop's detours too.
  tabsByStep: results[0]?.tabsByStep ?? {},
  visits: results[0]?.visits ?? [],
  exercisesOpened: results[0]?.exercisesOpened ?? [],
  exercisesWithoutPending: results[0]?.exercisesWithoutPending ?? 0,
  pagesTurned: results[0]?.pagesTurned ?? 0,
};
console.log(JSON.stringify(summary, null, onlyJson ? 0 : 2));
process.exit(code === 0 && results.length === runs ? 0 : 1);
