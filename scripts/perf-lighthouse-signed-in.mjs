// `npm run perf`, part (b) for signed-in pages (issue 35): Lighthouse's mobile performance score of
// the SLP's dashboard, /patients, a patient's record and a session's detail. Lighthouse's CLI opens
// a tab of its own, without the session (it lives in the tab's sessionStorage), so this signs in
// with Playwright in a Chromium that also listens for DevTools on a port, and runs a Lighthouse
// user flow through puppeteer-core in that same tab: its navigations keep the tab's session, as a
// person reloading does. Lighthouse's storage reset is off (it would drop the session), so the HTTP
// cache is cleared before each navigation instead, and every load is cold. Default mobile profile:
// simulated slow 4G and a 4x slower CPU, as part (b) for sign-in.
import { chromium } from "@playwright/test";
import { startFlow } from "lighthouse";
import puppeteer from "puppeteer-core";
import { clinicianTargets } from "./perf-routes.mjs";
import { captureHeaders, CLINICIAN_ACCOUNT, signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH } from "./perf-slow-phone.mjs";

const DEBUG_PORT = Number(process.env.PERF_DEBUG_PORT ?? "9337");
const SCORED = (process.env.PERF_LIGHTHOUSE_PAGES ?? "Dashboard,/patients,patient record,session detail").split(",");

/** Scores (0-100) with first and largest paint, by route name, for `runs` cold loads each (median by score). */
export async function signedInLighthouse(base, runs = 1) {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [...CHROME_FLAGS.filter((flag) => flag !== "--headless"), `--remote-debugging-port=${DEBUG_PORT}`],
  });
  let remote;
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const headersOf = captureHeaders(page);
    await signIn(page, base, CLINICIAN_ACCOUNT);
    const clinician = await clinicianTargets(page, base, headersOf);
    const targets = [{ name: "Dashboard", path: "/dashboard" }, ...clinician].filter((target) => SCORED.includes(target.name));
    remote = await puppeteer.connect({ browserURL: `http://127.0.0.1:${DEBUG_PORT}`, defaultViewport: null });
    const tab = (await remote.pages()).find((each) => each.url().startsWith(base));
    if (tab === undefined) throw new Error("the signed-in tab was not found over DevTools");
    const cdp = await tab.createCDPSession();
    const flow = await startFlow(tab, { flags: { disableStorageReset: true } });
    for (const target of targets) {
      for (let run = 0; run < runs; run += 1) {
        await cdp.send("Network.clearBrowserCache");
        await flow.navigate(`${base}${target.path}`, { name: target.name });
      }
    }
    const result = await flow.createFlowResult();
    const scores = {};
    result.steps.forEach((step, index) => {
      const name = targets[Math.floor(index / runs)].name;
      const audit = (id) => step.lhr.audits[id]?.numericValue;
      (scores[name] ??= []).push({
        score: Math.round((step.lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: audit("first-contentful-paint"),
        lcpMs: audit("largest-contentful-paint"),
        tbtMs: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        finalUrl: step.lhr.finalDisplayedUrl,
        // The host's CPU as Lighthouse rates it (its docs/throttling.md: 4x assumes a desktop of
        // 1000-2000), and its warnings, one of which says when the host is too slow for 4x.
        benchmarkIndex: step.lhr.environment?.benchmarkIndex,
        runWarnings: step.lhr.runWarnings ?? [],
        // Lighthouse's own long tasks (simulated start and duration, and the script it blames), for finding what blocks.
        longTasks: step.lhr.audits["long-tasks"]?.details?.items ?? [],
        lcpElement: step.lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel,
      });
    });
    return scores;
  } finally {
    await remote?.disconnect();
    await browser.close();
  }
}
