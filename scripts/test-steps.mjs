// `npm test`: lint, typecheck, unit, build, bundle report, e2e, one after another, stopping at the
// first that fails (as `a && b && …` did), and timing each. Every step's time is printed when it
// ends and appended to test-results/step-times.jsonl, which .ci/summary.mjs turns into the
// closing table, so a slow step shows before it costs the ten-minute budget.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";

const STEP_TIMES_FILE = "test-results/step-times.jsonl";

const STEPS = [
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["unit", "npm run test:unit"],
  ["build", "npm run build"],
  ["bundle report", "npm run bundle-report -- --check"],
  ["e2e", "npm run test:e2e"],
];

mkdirSync("test-results", { recursive: true });
for (const [step, command] of STEPS) {
  const started = performance.now();
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const ok = status === 0;
  appendFileSync(STEP_TIMES_FILE, `${JSON.stringify({ step, seconds, ok })}\n`);
  console.log(`\n== ${step}: ${ok ? "passed" : "FAILED"} in ${seconds} s`);
  if (!ok) process.exit(status ?? 1);
}
