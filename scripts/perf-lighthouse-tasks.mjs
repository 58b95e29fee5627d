// Issue 35 (blocking time): what Lighthouse itself counts. After `npx vite build`:
//   PAGES="Dashboard,patient record,session detail" node scripts/perf-lighthouse-tasks.mjs [--port 3141]
// runs Lighthouse's mobile navigation of each signed-in page (as perf-lighthouse-signed-in.mjs does:
// the SLP signed in with Playwright, a Lighthouse user flow in that tab, the HTTP cache cleared
// before each) with V8's sampling profiler added to its trace, and prints for each page its score,
// its long tasks as Lighthouse simulates them (start and duration at 4x, the script it blames, the
// largest paint's element), then the tasks of the trace it observed (at 1x, so those over 12.5 ms)
// with their self time by function through the source maps (perf-long-tasks.mjs). Asserts nothing.
import { chromium } from "@playwright/test";
import { startFlow } from "lighthouse";
import puppeteer from "puppeteer-core";
import { longTasks } from "./perf-long-tasks.mjs";
import { clinicianTargets } from "./perf-routes.mjs";
import { startServer } from "./perf-server.mjs";
import { captureHeaders, CLINICIAN_ACCOUNT, signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH } from "./perf-slow-phone.mjs";

const DEBUG_PORT = Number(process.env.PERF_DEBUG_PORT ?? "9338");
const PAGES = (process.env.PAGES ?? "Dashboard,/patients,patient record,session detail").split(",");
const at = process.argv.indexOf("--port");
const port = Number(at === -1 ? "3141" : process.argv[at + 1]);

const { base, stop } = await startServer(port);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_FLAGS.filter((flag) => flag !== "--headless"), `--remote-debugging-port=${DEBUG_PORT}`] });
let remote;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const headersOf = captureHeaders(page);
  await signIn(page, base, CLINICIAN_ACCOUNT);
  const targets = [{ name: "Dashboard", path: "/dashboard" }, ...(await clinicianTargets(page, base, headersOf))].filter((target) => PAGES.includes(target.name));
  remote = await puppeteer.connect({ browserURL: `http://127.0.0.1:${DEBUG_PORT}`, defaultViewport: null });
  const tab = (await remote.pages()).find((each) => each.url().startsWith(base));
  if (tab === undefined) throw new Error("the signed-in tab was not found over DevTools");
  const cdp = await tab.createCDPSession();
  const flow = await startFlow(tab, { flags: { disableStorageReset: true, additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } });
  for (const target of targets) {
    await cdp.send("Network.clearBrowserCache");
    await flow.navigate(`${base}${target.path}`, { name: target.name });
  }
  const artifacts = flow.createArtifactsJson();
  const result = await flow.createFlowResult();
  result.steps.forEach((step, index) => {
    const audit = (id) => Math.round(step.lhr.audits[id]?.numericValue);
    const lcpElement = step.lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel;
    console.log(`\n##### ${targets[index].name}: score ${Math.round(step.lhr.categories.performance.score * 100)}, FCP ${audit("first-contentful-paint")} ms, LCP ${audit("largest-contentful-paint")} ms (${lcpElement}), TBT ${audit("total-blocking-time")} ms`);
    for (const task of step.lhr.audits["long-tasks"].details.items) console.log(`   simulated ${Math.round(task.startTime)} ms +${Math.round(task.duration)} ms  ${String(task.url).replace(/^.*\//, "")}`);
    for (const task of longTasks(artifacts.gatherSteps[index].artifacts.Trace.traceEvents, 12.5)) {
      console.log(`-- observed at ${task.startMs.toFixed(0)} ms, ${task.durMs.toFixed(0)} ms (x4 ${(task.durMs * 4).toFixed(0)}): ${task.what.join(" | ")}`);
      console.log(`   self:\n     ${task.self.join("\n     ")}`);
      console.log(`   by app frame:\n     ${task.owners.join("\n     ")}`);
    }
  });
} finally {
  await remote?.disconnect();
  await browser.close();
  await stop();
}
