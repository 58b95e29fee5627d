// Issue 35 (blocking time): the main thread's long tasks of a cold load, as Lighthouse counts them,
// with where their time goes. After `npx vite build` (its hidden source maps in dist/assets):
//   node scripts/perf-long-tasks.mjs [--port 3141] [--runs 1] [--only "session detail"] [--cpu 4]
// starts the server (scripts/perf-server.mjs), signs in as the demo SLP and loads sign-in, the
// dashboard, /patients, a patient's record and a session's detail cold with the CPU 4x slower
// (DevTools `Emulation.setCPUThrottlingRate`) and the network not throttled, as Lighthouse observes a
// load before it simulates one. Each load is traced (DevTools timeline and V8's sampling profiler);
// for every task over 50 ms it prints when it started, how long it ran, what ran it (the trace's
// events: a script's evaluation, a timer, a message, a layout) and its self time by function,
// mapped through the source maps to the original file, line and name. What it asserts: nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { clinicianTargets } from "./perf-routes.mjs";
import { startServer } from "./perf-server.mjs";
import { captureHeaders, CLINICIAN_ACCOUNT, signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH } from "./perf-slow-phone.mjs";

const argument = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const ROOT = fileURLToPath(new URL("..", import.meta.url));
// --cpu 1 traces the load as Lighthouse observes it before multiplying each task by 4: the tasks
// over 12.5 ms are then the ones it counts.
const CPU = Number(argument("cpu", "4"));
const LONG_MS = 50 / (4 / CPU);
const SETTLE_MS = 6_000;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "disabled-by-default-v8.cpu_profiler", "toplevel", "blink.user_timing"];


const consumers = new Map();
const consumerOf = (url) => {
  const file = /\/assets\/([^?#]+\.js)/.exec(url)?.[1];
  if (file === undefined) return null;
  if (!consumers.has(file)) {
    try {
      consumers.set(file, new SourceMapConsumer(JSON.parse(readFileSync(join(ROOT, "dist/assets", `${file}.map`), "utf8"))));
    } catch {
      consumers.set(file, null);
    }
  }
  return consumers.get(file);
};

/** "file:line name" of a profile frame in the original sources, or the frame as V8 names it. */
const frameName = ({ url = "", lineNumber, columnNumber, functionName }) => {
  if (url === "") return `(${functionName || "program"})`;
  const consumer = consumerOf(url);
  const at = consumer?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (at?.source == null) return `${url.replace(/^.*\//, "")}:${lineNumber + 1} ${functionName || "(anonymous)"}`;
  const source = at.source.replace(/^(\.\.\/)+/, "").replace(/^node_modules\/(\.pnpm\/)?/, "~");
  return `${source}:${at.line} ${at.name ?? functionName ?? ""}`.trim();
};

async function trace(page, cdp, url) {
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send("Tracing.end");
  await done;
  cdp.removeAllListeners("Tracing.dataCollected");
  return events;
}

/** The renderer main thread's tasks over LONG_MS, each with its events and sampled self time by frame. */
export function longTasks(events, longMs = LONG_MS) {
  const navigation = events.find((event) => event.name === "navigationStart" && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.startsWith("http"));
  const main = events.find((event) => event.name === "thread_name" && event.args.name === "CrRendererMain" && event.pid === navigation?.pid);
  if (main === undefined) {
    writeFileSync("/tmp/perf-long-tasks-trace.json", JSON.stringify(events));
    throw new Error(`no renderer main thread in the trace (navigation ${navigation === undefined ? "not found" : "found"}); events in /tmp/perf-long-tasks-trace.json`);
  }
  const onMain = (event) => event.pid === main.pid && event.tid === main.tid;
  const tasks = events.filter((event) => onMain(event) && event.ph === "X" && (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") && event.dur / 1000 > longMs && event.ts >= navigation.ts);
  // The sampling profile: nodes by id, and each sample's time.
  const nodes = new Map();
  const samples = [];
  for (const event of events.filter((each) => each.pid === main.pid && (each.name === "Profile" || each.name === "ProfileChunk"))) {
    if (event.name === "Profile") {
      samples.push({ at: event.args.data.startTime, node: null, start: true });
      continue;
    }
    const profile = event.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    let at = samples.at(-1)?.at ?? 0;
    (profile.samples ?? []).forEach((node, index) => {
      at += event.args.data.timeDeltas[index];
      samples.push({ at, node });
    });
  }
  // A RunTask nests in ThreadControllerImpl::RunTask: the outermost of each is the task.
  const outermost = tasks.filter((task) => !tasks.some((other) => other !== task && other.ts <= task.ts && other.ts + other.dur >= task.ts + task.dur && other.dur > task.dur));
  return outermost.filter((task, index) => outermost.findIndex((other) => other.ts === task.ts && other.dur === task.dur) === index).map((task) => {
    const end = task.ts + task.dur;
    const inside = events.filter((event) => onMain(event) && event.ts >= task.ts && event.ts < end && event.ph === "X" && event.dur > 3_000 && event !== task);
    const what = inside
      .filter((event) => ["EvaluateScript", "v8.compileModule", "v8.evaluateModule", "FunctionCall", "TimerFire", "FireAnimationFrame", "Layout", "UpdateLayoutTree", "ParseHTML", "EventDispatch", "v8.compile", "RunMicrotasks", "ParseAuthorStyleSheet", "Paint"].includes(event.name))
      .map((event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.replace(/^.*\//, "")}` : ""}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ""} ${(event.dur / 1000).toFixed(0)}`);
    const self = new Map();
    const owners = new Map();
    let previous = null;
    for (const sample of samples) {
      if (sample.at < task.ts || sample.at >= end) {
        previous = sample;
        continue;
      }
      const delta = previous === null ? 0 : (sample.at - previous.at) / 1000;
      previous = sample;
      const node = nodes.get(sample.node);
      if (node === undefined) continue;
      const name = frameName(node.callFrame);
      self.set(name, (self.get(name) ?? 0) + delta);
      // The nearest frame of the app's own code (not a library) on the stack: who asked for the work.
      let owner = node;
      while (owner !== undefined && !/^(ui|domain|adapters|machines)\//.test(frameName(owner.callFrame))) owner = nodes.get(owner.parent);
      const ownerName = owner === undefined ? "(no app frame)" : frameName(owner.callFrame);
      owners.set(ownerName, (owners.get(ownerName) ?? 0) + delta);
    }
    const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${name}`);
    return { startMs: (task.ts - navigation.ts) / 1000, durMs: task.dur / 1000, what: what.slice(0, 12), self: top(self), owners: top(owners) };
  });
}

async function main() {
  const port = Number(argument("port", "3141"));
  const runs = Number(argument("runs", "1"));
  const only = argument("only", null);
  const { base, stop } = await startServer(port);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => flag !== "--headless") });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    const targets = [{ name: "sign-in", path: "/auth/sign-in" }];
    await page.goto(`${base}/auth/sign-in`);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const headersOf = captureHeaders(page);
    await signIn(page, base, CLINICIAN_ACCOUNT);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    targets.push({ name: "dashboard", path: "/dashboard" }, ...(await clinicianTargets(page, base, headersOf)).filter((target) => ["/patients", "patient record", "session detail"].includes(target.name)));
    for (const target of targets.filter((each) => only === null || each.name === only)) {
      for (let run = 0; run < runs; run += 1) {
        // Sign-in is loaded signed out in a tab of its own (the session lives in sessionStorage).
        const tab = target.name === "sign-in" ? await context.newPage() : page;
        const tabCdp = tab === page ? cdp : await context.newCDPSession(tab);
        if (tab !== page) {
          await tabCdp.send("Network.enable");
          await tabCdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await tabCdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
        }
        const tasks = longTasks(await trace(tab, tabCdp, `${base}${target.path}`));
        const blocking = tasks.reduce((sum, task) => sum + task.durMs - LONG_MS, 0);
        console.log(`\n=== ${target.name} run ${run + 1}: ${tasks.length} tasks over ${LONG_MS} ms, blocking ${blocking.toFixed(0)} ms (${CPU}x CPU, all of the load; x${4 / CPU}: ${(blocking * 4 / CPU).toFixed(0)} ms)`);
        for (const task of tasks) {
          console.log(`-- at ${task.startMs.toFixed(0)} ms, ${task.durMs.toFixed(0)} ms: ${task.what.join(" | ")}`);
          console.log(`   self:\n     ${task.self.join("\n     ")}`);
          console.log(`   by app frame:\n     ${task.owners.join("\n     ")}`);
        }
        if (tab !== page) await tab.close();
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
