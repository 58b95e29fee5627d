#!/usr/bin/env node
// `npm run perf` (after `npm run build`): what a person on a slow phone gets from the built client.
//   (a) the gzip size of the JavaScript of /auth/sign-in and /dashboard (scripts/bundle-report.mjs);
//   (b) Lighthouse's mobile performance score of /auth/sign-in (its default mobile profile:
//       simulated slow 4G and a 4x slower CPU);
//   (c) cold loads of /dashboard (as the admin), /patients, a patient's record, an exercise overview, a session's detail and /rtm
//       (as the SLP, picked from the demo data) for a signed-in person: signed in once, then a new
//       navigation with the HTTP cache cleared and disabled, on 150 ms round trips, 1.6 Mbit/s down,
//       750 kbit/s up and a 4x slower CPU (DevTools protocol through Playwright), timed from
//       navigation start to the page's own h1 on screen with its data (issue 23: every route within
//       2.5 s); the largest paint and its text are reported beside it;
//   (d) the attempt table of a 500-attempt session on a 4x slower CPU, from its data on the page
//       to the table's commit (scripts/perf-session-table.mjs).
// It starts its own server (like tests/e2e/start-test-server.mjs) on a fresh temporary data folder,
// on loopback only, and stops it and deletes the folder at the end. Each step has a time limit.
// Parts live beside this file, each in its own: perf-server.mjs (the server), perf-lighthouse.mjs
// (b), perf-routes.mjs (c), perf-session-table.mjs (d), perf-sign-in.mjs and perf-slow-phone.mjs.
// The goals (docs/session.md, "Bundle and first paint") are reported, never asserted: timings
// depend on the machine, sizes are checked by `npm run bundle-report -- --check`.
//
// Options: --port <n> (default PERF_PORT or 3140), --runs <n> (cold loads per route and session
// tables, median reported; default 3), --lighthouse-runs <n> (default 1, median reported),
// --only session-table (just part d), --only routes (just part c), --only lighthouse (just part b,
// sign-in and the signed-in pages: perf-lighthouse-signed-in.mjs), --waterfall (each route's first
// cold load's requests, when each started and finished, on stderr), --routes <names> (part c for
// these routes only, named as in its table, comma-separated: `--routes "/dashboard,session detail"`
// gives the ratio in half the time of all six), --json.
// The server compresses its answers itself (server/http), so what is measured is what it sends.
// Environment: CHROME_PATH (default /usr/bin/chromium); PERF_CPU (the CPU slowdown, default 4; 1 shows
// what a route waits for on the network alone, scripts/perf-slow-phone.mjs).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { measureRoute, ROUTES } from "./bundle-report.mjs";
import { GOALS, sessionDetailRatio } from "./perf-goals.mjs";
import { lighthouseScoreRetried } from "./perf-lighthouse.mjs";
import { signedInLighthouse } from "./perf-lighthouse-signed-in.mjs";
import { coldRouteHeadings } from "./perf-routes.mjs";
import { startServer } from "./perf-server.mjs";
import { measureSessionTable, SESSION_TABLE_GOAL_MS } from "./perf-session-table.mjs";
import { signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH, median, SLOW_PROFILE } from "./perf-slow-phone.mjs";

// Still importable from here, where they were before the parts moved to files of their own.
export { median, SLOW_PROFILE };

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");

const argValue = (argv, name, fallback) => {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : argv[at + 1];
};

function measureBundles() {
  const manifest = JSON.parse(readFileSync(join(DIST, ".vite", "manifest.json"), "utf8"));
  const byRoute = Object.fromEntries(
    ROUTES.map((route) => [route.route, measureRoute(manifest, (file) => readFileSync(join(DIST, file)), route).jsGzipBytes]),
  );
  return { signInJsKb: byRoute["/auth/sign-in"] / 1000, dashboardJsKb: byRoute["/dashboard"] / 1000 };
}

const row = (what, value, goal, ok) => `| ${what} | ${value} | ${goal} | ${ok === null ? "" : ok ? "yes" : "no"} |`;

const main = async (argv) => {
  if (!existsSync(join(DIST, ".vite", "manifest.json"))) {
    console.error("dist/ has no build: run npm run build first.");
    return 2;
  }
  const port = Number(argValue(argv, "--port", process.env.PERF_PORT ?? "3140"));
  const runs = Number(argValue(argv, "--runs", "3"));
  const lighthouseRuns = Number(argValue(argv, "--lighthouse-runs", "1"));
  const only = argValue(argv, "--only", "");

  const sizes = measureBundles();
  const server = await startServer(port);
  let lighthouse;
  let signedIn = {};
  let routes = {};
  let sessionTable;
  try {
    const base = server.base;
    if (only === "" || only === "session-table") {
      const tableSamples = await measureSessionTable({ base, chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, signIn, cpuSlowdown: SLOW_PROFILE.cpuSlowdown, runs });
      sessionTable = { ms: median(tableSamples), samples: tableSamples };
    }
    if (only === "session-table") {
      console.log(row("500-attempt session table render, 4x CPU (median)", `${Math.round(sessionTable.ms)} ms (${sessionTable.samples.map(Math.round).join(", ")})`, `<= ${SESSION_TABLE_GOAL_MS} ms`, sessionTable.ms <= SESSION_TABLE_GOAL_MS));
      return 0;
    }
    if (only === "" || only === "lighthouse") {
      const scores = [];
      for (let run = 0; run < lighthouseRuns; run += 1) scores.push(await lighthouseScoreRetried(`${base}/auth/sign-in`));
      lighthouse = { ...scores.find((each) => each.score === median(scores.map((one) => one.score))), all: scores.map((each) => each.score) };
      signedIn = await signedInLighthouse(base, lighthouseRuns);
    }
    // --only routes: just the cold headings (the dashboard as the admin, the clinician's routes as the SLP).
    const wanted = argValue(argv, "--routes", "");
    const names = wanted === "" ? null : wanted.split(",").map((name) => name.trim());
    if (only !== "lighthouse") routes = await coldRouteHeadings(base, runs, argv.includes("--waterfall"), names);
  } finally {
    await server.stop();
  }

  const ratio = sessionDetailRatio(routes);
  const result = { sizes, lighthouse, signedIn, routes, sessionDetailToDashboard: ratio, sessionTable };
  if (argv.includes("--json")) {
    console.log(JSON.stringify(result, null, 2));
    return 0;
  }
  const ms = (value) => (value === null || value === undefined ? "-" : `${(value / 1000).toFixed(2)} s`);
  const goal = GOALS.routeHeadingMs;
  console.log(
    [
      "| measure | value | goal | met |",
      "|---|---|---|---|",
      row("sign-in JavaScript (gzip)", `${sizes.signInJsKb.toFixed(1)} kB`, `<= ${GOALS.signInJsKb} kB`, sizes.signInJsKb <= GOALS.signInJsKb),
      row("dashboard JavaScript (gzip)", `${sizes.dashboardJsKb.toFixed(1)} kB`, `<= ${GOALS.dashboardJsKb} kB`, sizes.dashboardJsKb <= GOALS.dashboardJsKb),
      ...(lighthouse === undefined
        ? []
        : [
            row(`Lighthouse mobile performance, /auth/sign-in (median of ${lighthouse.all.join(", ")})`, String(lighthouse.score), `>= ${GOALS.lighthouseScore}`, lighthouse.score >= GOALS.lighthouseScore),
            row("  Lighthouse FCP / LCP / TBT", `${ms(lighthouse.fcpMs)} / ${ms(lighthouse.lcpMs)} / ${Math.round(lighthouse.tbtMs)} ms`, "", null),
          ]),
      ...Object.entries(signedIn).flatMap(([name, samples]) => {
        const middle = samples.find((each) => each.score === median(samples.map((one) => one.score))) ?? samples[0];
        return [
          row(`Lighthouse mobile performance, ${name}, signed in (median of ${samples.map((each) => each.score).join(", ")})`, String(middle.score), `>= ${GOALS.lighthouseScore}`, middle.score >= GOALS.lighthouseScore),
          row("  Lighthouse FCP / LCP / TBT / CLS", `${ms(middle.fcpMs)} / ${ms(middle.lcpMs)} / ${Math.round(middle.tbtMs)} ms / ${middle.cls?.toFixed(3)}`, "", null),
          // The score multiplies the host's task times by 4; Lighthouse's own rating of the host says
          // what that stands for (1000-2000: a desktop, for which 4x is its phone).
          row("  host CPU, Lighthouse benchmark index (each run); its warnings", `${samples.map((each) => Math.round(each.benchmarkIndex ?? 0)).join(", ")}; ${[...new Set(samples.flatMap((each) => each.runWarnings ?? []))].join(" ") || "none"}`, "", null),
        ];
      }),
      ...Object.entries(routes).flatMap(([name, route]) => [
        row(`cold ${name} heading visible, slow phone (median of ${runs})`, ms(route.headingMs), `<= ${goal / 1000} s`, route.headingMs <= goal),
        row(`  layout shift of the load (median of ${runs})`, route.cls.toFixed(3), `<= ${GOALS.layoutShift}`, route.cls <= GOALS.layoutShift),
        ...route.samples.map((each, index) => row(`  run ${index + 1}: heading / largest paint ("${each.lcpText ?? "?"}"); most moved: ${each.shifted ?? "-"}`, `${ms(each.headingMs)} / ${ms(each.lcpMs)}`, "", null)),
      ]),
      ...(ratio === undefined
        ? []
        : [row("session detail heading / dashboard heading, same run (medians)", `${ratio.toFixed(2)}x`, `<= ${GOALS.sessionDetailToDashboard}x`, ratio <= GOALS.sessionDetailToDashboard)]),
      ...(sessionTable === undefined
        ? []
        : [row(`500-attempt session table render, 4x CPU (median of ${runs})`, `${Math.round(sessionTable.ms)} ms`, `<= ${SESSION_TABLE_GOAL_MS} ms`, sessionTable.ms <= SESSION_TABLE_GOAL_MS)]),
    ].join("\n"),
  );
  return 0;
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
