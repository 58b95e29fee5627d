// `npm run perf`, part (c): cold loads of /dashboard (as the admin), /patients, a patient's record
// and a session's detail (as the SLP, picked from the demo data) for a signed-in person: signed in
// once, then a new navigation with the HTTP cache cleared and disabled on the slow phone (DevTools
// protocol through Playwright), timed from navigation start to the page's own h1 on screen with its
// data (issue 23: every route within 2.5 s); the largest paint and its text are kept beside it,
// and the layout shift of the load (issue 35: at most 0.05), with what moved the most.
import { chromium } from "@playwright/test";
import { DASHBOARD_ROUTE, SESSION_DETAIL_ROUTE } from "./perf-goals.mjs";
import { captureHeaders, CLINICIAN_ACCOUNT, DEMO_ACCOUNT, signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH, coldSlowPhone, median, PAGE_MS } from "./perf-slow-phone.mjs";

// Runs in the page before its own scripts: notes when the page's own heading is first on screen
// (the frame after it is laid out with a size, and, where the route names one, after its data is
// there too: a loading card shows the same h1 before) and what the largest paint was. What to wait
// for is `window.__perfTarget`, set by an init script added before each route's loads.
const HEADING_PROBE = () => {
  const found = { headingMs: null, lcpMs: null, lcpText: null, cls: 0, shifted: null, shiftedValue: 0 };
  Object.defineProperty(window, "__perf", { value: found });
  const visible = () => {
    const target = window.__perfTarget ?? { heading: "Dashboard", ready: null };
    const heading = [...document.querySelectorAll("h1")].some((h1) => h1.textContent?.trim() === target.heading && h1.getBoundingClientRect().height > 0);
    return heading && (target.ready === null || document.querySelector(target.ready) !== null);
  };
  const check = () => {
    if (found.headingMs !== null || !visible()) return;
    requestAnimationFrame(() => {
      if (found.headingMs === null) found.headingMs = performance.now();
    });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      found.lcpMs = entry.startTime;
      found.lcpText = entry.element?.textContent?.trim().slice(0, 40) ?? entry.element?.tagName ?? null;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // Cumulative layout shift as the browser reports it (shifts right after an input do not count).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      found.cls += entry.value;
      if (entry.value > found.shiftedValue) {
        const node = entry.sources?.[0]?.node;
        found.shiftedValue = entry.value;
        const source = entry.sources?.[0];
        // Where it was and where it went (x,y width×height), so the cause can be found.
        const rect = (r) => (r === undefined ? "?" : `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`);
        const moved = source === undefined ? "" : ` from ${rect(source.previousRect)} to ${rect(source.currentRect)} at ${Math.round(entry.startTime)} ms`;
        found.shifted = node === undefined || node === null ? null : `${node.nodeName?.toLowerCase() ?? "?"}${node.id ? `#${node.id}` : ""} "${(node.textContent ?? "").trim().slice(0, 30)}"${moved}`;
      }
    }
  }).observe({ type: "layout-shift", buffered: true });
};

/** The SLP's routes to time: the patients list, a patient's record and one of their sessions, from the demo data. */
export async function clinicianTargets(page, base, headersOf) {
  const headers = await headersOf();
  const get = async (path) => {
    const response = await page.request.get(`${base}${path}`, { headers });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  };
  const patients = await get("/api/patients/?page_size=100&page=1");
  for (const patient of patients.results) {
    const levels = await get(`/api/patients/${patient.id}/game-levels/`);
    for (const level of levels) {
      const sessions = await get(`/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=1`);
      const session = sessions.results?.[0];
      if (session === undefined) continue;
      return [
        { name: "/patients", path: "/patients", heading: "Patients", ready: "table tbody tr" },
        { name: "patient record", path: `/patient/${patient.id}`, heading: `${patient.first_name} ${patient.last_name}`, ready: null },
        { name: "exercise overview", path: `/details-panel/patient/${patient.id}/level/${level.id}`, heading: level.game.name, ready: null },
        {
          name: SESSION_DETAIL_ROUTE,
          path: `/details-panel/patient/${patient.id}/level/${level.id}/trend/${session.id}`,
          heading: `${level.game.name} session`,
          ready: null,
        },
        { name: "/rtm", path: "/rtm", heading: "Billing", ready: null },
      ];
    }
  }
  throw new Error("no demo patient has a played session");
}

/**
 * Cold loads of each route for one signed-in person: signed in once, then for every load a new
 * navigation with the HTTP cache cleared and disabled on the slow profile; samples per route name.
 */
async function coldRoutes(base, runs, account, targetsOf, waterfall = false, wanted = null) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => flag !== "--headless") });
  try {
    // https: the HTTP/2 proxy of scripts/perf-http2.mjs, with its certificate made for the run.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ignoreHTTPSErrors: base.startsWith("https:") });
    await context.addInitScript(HEADING_PROBE);
    const page = await context.newPage();
    const headersOf = captureHeaders(page);
    await signIn(page, base, account);
    const targets = (await targetsOf(page, base, headersOf)).filter((target) => wanted === null || wanted.includes(target.name));
    const cdp = await coldSlowPhone(context, page);
    const byRoute = {};
    for (const target of targets) {
      // Init scripts run in the order added: the last target set wins on every later load.
      await context.addInitScript((wanted) => {
        window.__perfTarget = wanted;
      }, { heading: target.heading, ready: target.ready });
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        await cdp.send("Network.clearBrowserCache");
        const requests = [];
        const started = Date.now();
        const onRequest = (request) => requests.push({ request, at: Date.now() - started, done: null });
        const onDone = (request) => {
          const entry = requests.find((each) => each.request === request);
          if (entry === undefined) return;
          entry.done = Date.now() - started;
          // Bytes on the wire (body as sent, compressed, plus headers): on 1.6 Mbit/s the bytes set the time.
          entry.bytes = request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize, () => null);
        };
        if (waterfall && run === 0) {
          page.on("request", onRequest);
          page.on("requestfinished", onDone);
        }
        // The tab keeps its sessionStorage (the refresh token), as a person reloading it does.
        await page.goto(`${base}${target.path}`, { waitUntil: "commit", timeout: PAGE_MS });
        await page.waitForFunction(() => window.__perf?.headingMs != null, undefined, { timeout: PAGE_MS });
        // Let the largest paint and what arrives after the heading (the work timer, the sections
        // below it) settle, so their layout shifts count.
        await page.waitForTimeout(3_000);
        samples.push(await page.evaluate(() => ({ ...window.__perf })));
        if (waterfall && run === 0) {
          page.off("request", onRequest);
          page.off("requestfinished", onDone);
          // When each request of the first load started and finished (wall clock from the navigation), to see what waits for what.
          console.error(`waterfall of ${target.name} (heading at ${Math.round(samples[0].headingMs)} ms):`);
          let before = 0;
          for (const each of requests) {
            const bytes = await each.bytes;
            if (typeof bytes === "number" && each.done !== null && each.done <= samples[0].headingMs) before += bytes;
            const size = typeof bytes === "number" ? `${(bytes / 1000).toFixed(1)} kB` : "-";
            console.error(`  ${String(each.at).padStart(6)} → ${String(each.done ?? "-").padStart(6)} ms ${size.padStart(9)}  ${each.request.method()} ${each.request.url().replace(base, "")}`);
          }
          console.error(`  ${(before / 1000).toFixed(1)} kB arrived before the heading`);
        }
      }
      byRoute[target.name] = { path: target.path, headingMs: median(samples.map((each) => each.headingMs)), cls: median(samples.map((each) => each.cls)), samples };
    }
    return byRoute;
  } finally {
    await browser.close();
  }
}

const DASHBOARD_TARGETS = async () => [{ name: DASHBOARD_ROUTE, path: "/dashboard", heading: "Dashboard", ready: null }];

/**
 * Every route's cold heading: the dashboard as the admin, the clinician's routes as the SLP; with
 * `waterfall`, each route's first load's requests on stderr; `wanted` (route names), only those routes.
 */
export const coldRouteHeadings = async (base, runs, waterfall, wanted = null) => ({
  ...(wanted === null || wanted.includes(DASHBOARD_ROUTE) ? await coldRoutes(base, runs, DEMO_ACCOUNT, DASHBOARD_TARGETS, waterfall) : {}),
  // The clinician is signed in only when one of their routes is asked for.
  ...(wanted === null || wanted.some((name) => name !== DASHBOARD_ROUTE) ? await coldRoutes(base, runs, CLINICIAN_ACCOUNT, clinicianTargets, waterfall, wanted) : {}),
});
