// `npm run test:changed [-- --since <ref>]`: the inner loop. Runs only the tests related to the
// files changed since `main` (committed on the branch, staged, unstaged and new): the unit and
// database tests that import them (short of the composition roots) or share their feature folder,
// then the browser flows that visit a route they reach (scripts/changed-tests.mjs says how both are
// chosen). `npm test` still runs everything before a change is done: this loop trusts the import
// graph, the tests that build the whole app are left out, and a flow that reaches a page some
// other way (a link, a redirect) is only run when its spec writes the page's address.
import { execFileSync, spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { compositionRootNames, importGraph, repositoryFacts, selectBrowserFlows, selectUnitTests, touchesBrowser, vitestTargets } from "./changed-tests.mjs";

const started = performance.now();
const seconds = (from) => `${Math.round((performance.now() - from) / 100) / 10} s`;
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter((line) => line !== "");

const sinceAt = process.argv.indexOf("--since");
const since = sinceAt === -1 ? "main" : process.argv[sinceAt + 1];
if (since === undefined) {
  console.error("usage: npm run test:changed [-- --since <ref>]");
  process.exit(2);
}

const base = git("merge-base", since, "HEAD")[0];
// A path the diff lists but the working tree no longer has was deleted: nothing of it to test. Only
// files count: an untracked symlink to a folder (a worktree's shared node_modules) is no change.
const isFile = (file) => statSync(file, { throwIfNoEntry: false })?.isFile() === true;
const changed = [...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")])].filter(isFile).sort();
console.log(`Changed since ${since} (${base.slice(0, 8)}): ${changed.length === 0 ? "nothing" : ""}`);
for (const file of changed) console.log(`  ${file}`);

/** Runs one step with the terminal attached and the environment as given (DATABASE_URL too); stops the loop when it fails. */
const step = (name, command, args) => {
  const stepStarted = performance.now();
  console.log(`\n== ${name}: ${[command, ...args].join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  console.log(`== ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds(stepStarted)}`);
  if (status !== 0) {
    console.log(`\ntest:changed: failed at ${name}, after ${seconds(started)}`);
    process.exit(status ?? 1);
  }
};

const graphStarted = performance.now();
const imports = importGraph(process.cwd());
const unit = selectUnitTests(changed, imports);
const SHOWN = 30;
console.log(`\n== unit: ${unit.tests.length} test file(s) selected from the import graph in ${seconds(graphStarted)}`);
for (const { from, test, why } of unit.picks.slice(0, SHOWN)) console.log(`  ${from} → ${test === from ? "itself" : `${test} (${why})`}`);
if (unit.picks.length > SHOWN) console.log(`  … and ${unit.picks.length - SHOWN} more`);
const reached = new Set(unit.picks.map((pick) => pick.from));
const untested = vitestTargets(changed).filter((file) => !reached.has(file));
if (untested.length > 0) console.log(`  No test imports or sits beside ${untested.join(", ")}.`);
console.log("  Not here: the tests that reach a change only through a composition root, the whole-app tests: they run in `npm test`.");
console.log(`  (The roots: ${compositionRootNames.join(", ")}.)`);
// Vitest reads each path as a filter on its test files (a substring of the path), so these run
// and no other (no test's path is another's with more after it). DATABASE_URL is passed through.
// The file-size rule judges every file, and no import reaches it: a comment in a script with no
// test of its own can break it, so it runs whenever anything changed.
const unitTests = changed.length === 0 ? [] : [...new Set([...unit.tests, "tests/architecture/file-sizes.test.ts"])];
if (unitTests.length === 0) console.log("== unit: no test selected, skipped");
else step("unit", "npx", ["vitest", "run", ...unitTests]);

if (!changed.some(touchesBrowser)) console.log("\n== e2e: no changed client file or route declaration, skipped");
else {
  const flows = selectBrowserFlows(changed, repositoryFacts(process.cwd(), imports));
  console.log("\n== e2e: the browser flows of the routes the changes reach");
  for (const route of flows.routes) {
    console.log(`  ${route.id} (${route.path}), reached from ${route.files.join(", ")}`);
    console.log(`    → ${route.specs.length === 0 ? "no spec writes this address" : route.specs.map((spec) => spec.replace("tests/e2e/", "")).join(", ")}`);
  }
  if (flows.everyRoute) console.log("  Every route page imports a changed file (a shared part), so every spec that visits a route runs.");
  if (flows.unrouted.length > 0)
    console.log(
      `  No route page imports ${flows.unrouted.join(", ")}: the shell, the app root, sign-in or the dashboard are on the way to every page, so every spec runs.`,
    );
  // The test servers serve the built client (playwright.config.ts), and the budgets read it: a few
  // bytes in the entry can put sign-in over its budget with no test failing (issue 35, 2026-12-04).
  step("build", "npm", ["run", "build"]);
  step("bundle report", "npm", ["run", "bundle-report", "--", "--check"]);
  if (flows.specs.length === 0) console.log("  No spec to run.");
  else step("e2e", "npx", ["playwright", "test", ...flows.specs]);
}

console.log(`\ntest:changed: passed in ${seconds(started)}`);
