// Prints the time of each step (npm ci, then npm test's steps, from test-results/step-times.jsonl
// that .ci/run and scripts/test-steps.mjs write), then one closing line, "tests: N passed, N
// failed[, N skipped]", summed over the Vitest and Playwright JSON reports that `npm test` writes
// under test-results/ when CI is set.
import { existsSync, readFileSync } from "node:fs";

const stepTimes = "test-results/step-times.jsonl";
if (existsSync(stepTimes)) {
  const steps = readFileSync(stepTimes, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  const width = Math.max(...steps.map(({ step }) => step.length));
  const minutes = (seconds) => `${(seconds / 60).toFixed(1)} min`;
  for (const { step, seconds, ok } of steps) console.log(`${step.padEnd(width)}  ${String(seconds).padStart(6)} s  ${minutes(seconds).padStart(8)}${ok ? "" : "  FAILED"}`);
  const testSeconds = steps.filter(({ step }) => step !== "npm ci").reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`${"npm test".padEnd(width)}  ${String(Math.round(testSeconds)).padStart(6)} s  ${minutes(testSeconds).padStart(8)}`);
}

// The machine's speed before and after the tests (.ci/machine-speed.mjs): a reference time far
// above another run's (README, "Development loop") means the step times say more of the machine than of the code.
const machineSpeed = "test-results/machine-speed.jsonl";
if (existsSync(machineSpeed)) {
  for (const line of readFileSync(machineSpeed, "utf8").split("\n").filter((text) => text.trim() !== "")) {
    const { when, referenceMs, load1, cores, cpu } = JSON.parse(line);
    console.log(`machine ${when}: reference work ${referenceMs} ms, load average ${load1} on ${cores} cores (${cpu})`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = "test-results/vitest.json";
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const playwright = "test-results/playwright.json";
if (existsSync(playwright)) {
  const stats = JSON.parse(readFileSync(playwright, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
