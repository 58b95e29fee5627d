// Where the unit step's time goes, from vitest's JSON report (CI writes test-results/vitest.json):
// per file the wall time, the part spent in its tests and the rest (imports, beforeAll/afterAll:
// databases, seeding, servers), the share of each database, and the slowest files.
//   node scripts/unit-time-table.mjs [report.json] [--top N]
import { readFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt === -1 ? 25 : Number(args[topAt + 1]);
const reportFile = args.find((arg, index) => !arg.startsWith("--") && index !== topAt + 1) ?? "test-results/vitest.json";
const report = JSON.parse(readFileSync(reportFile, "utf8"));

// The vitest projects (vitest.config.ts) by folder; the few UI files that mock a module (the
// "isolated" project) are counted with "ui".
const projectOf = (file) =>
  /^(domain|machines)\//.test(file) ? "pure" : /^(server\/|tests\/security\/)/.test(file) ? "server" : "ui";
/** The database a test ran on, from the `on %s` its describe.each title carries. */
const driverOf = (test) => {
  const titles = [...(test.ancestorTitles ?? []), test.title ?? ""].join(" ");
  return /\bpostgres\b/.test(titles) ? "postgres" : /\bpglite\b/.test(titles) ? "pglite" : "none";
};

const rows = report.testResults.map((file) => {
  // Named from the project's own folders, whichever checkout wrote the report.
  const name = /(?:^|\/)((?:domain|machines|adapters|ui|server|tests|scripts)\/.*)$/.exec(path.relative(process.cwd(), file.name))?.[1] ?? file.name;
  const tests = file.assertionResults ?? [];
  const inTests = tests.reduce((sum, test) => sum + (test.duration ?? 0), 0) / 1000;
  const wall = (file.endTime - file.startTime) / 1000;
  const byDriver = { pglite: 0, postgres: 0, none: 0 };
  for (const test of tests) byDriver[driverOf(test)] += (test.duration ?? 0) / 1000;
  return { name, project: projectOf(name), wall, inTests, setUp: Math.max(0, wall - inTests), count: tests.length, byDriver };
});

const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const s = (seconds) => `${seconds.toFixed(1)} s`;
console.log(`${rows.length} files, ${sum(rows, "count")} tests; file time ${s(sum(rows, "wall"))} (tests ${s(sum(rows, "inTests"))}, set-up and imports ${s(sum(rows, "setUp"))})\n`);
console.log("| project | files | tests | file time | in tests | set-up and imports |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const project of ["pure", "server", "ui"]) {
  const list = rows.filter((row) => row.project === project);
  console.log(`| ${project} | ${list.length} | ${sum(list, "count")} | ${s(sum(list, "wall"))} | ${s(sum(list, "inTests"))} | ${s(sum(list, "setUp"))} |`);
}
const driverTotals = { pglite: 0, postgres: 0, none: 0 };
for (const row of rows) for (const driver of Object.keys(driverTotals)) driverTotals[driver] += row.byDriver[driver];
console.log(`\nTime in tests by database: PGlite ${s(driverTotals.pglite)}, PostgreSQL ${s(driverTotals.postgres)}, none ${s(driverTotals.none)}\n`);
console.log(`| slowest ${top} files | tests | file time | in tests | set-up and imports | PGlite | PostgreSQL |`);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const row of [...rows].sort((a, b) => b.wall - a.wall).slice(0, top)) {
  console.log(`| ${row.name} | ${row.count} | ${s(row.wall)} | ${s(row.inTests)} | ${s(row.setUp)} | ${s(row.byDriver.pglite)} | ${s(row.byDriver.postgres)} |`);
}
