// Issue 35: what a session's detail draws in which commit on a cold load on the slow phone. After
// `npx vite build`:
//   node scripts/perf-session-commits.mjs [--port 3146] [--runs 3]
// starts the server (scripts/perf-server.mjs), signs in as the demo SLP and loads a session's detail
// cold (slow phone profile, cache off), and prints when its parts first appear in the document (a
// MutationObserver: the loading card, the heading, the statistics, the attempts' table) and every
// React commit (React DevTools' global hook, which react-dom calls in production builds too) with
// the page's h1 and the Suspense boundaries then showing their fallback. It found the heading and
// the attempt tables in one commit (docs/session.md, "The deferred part that was not").
// What it asserts: nothing.
import { chromium } from "@playwright/test";
import { clinicianTargets } from "./perf-routes.mjs";
import { startServer } from "./perf-server.mjs";
import { captureHeaders, CLINICIAN_ACCOUNT, signIn } from "./perf-sign-in.mjs";
import { CHROME_FLAGS, CHROME_PATH, coldSlowPhone } from "./perf-slow-phone.mjs";

const argument = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};

// In the page before its scripts: React's commits, each with the h1 and the boundaries showing a fallback.
const COMMIT_PROBE = () => {
  const commits = [];
  Object.defineProperty(window, "__commits", { value: commits });
  const nameOf = (fiber) => {
    for (let at = fiber; at; at = at.return) {
      const type = at.type;
      const name = typeof type === "function" ? type.displayName || type.name : null;
      if (name) return name;
    }
    return "?";
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      const fallbacks = [];
      // Tag 13 is a Suspense boundary; its state is set while it shows its fallback.
      const walk = (fiber) => {
        for (let at = fiber; at; at = at.sibling) {
          if (at.tag === 13 && at.memoizedState !== null) fallbacks.push(nameOf(at.return));
          walk(at.child);
        }
      };
      walk(root.current.child);
      const h1 = [...document.querySelectorAll("h1")].map((each) => each.textContent.trim()).join(" | ");
      commits.push(`${Math.round(performance.now())} ms: h1 "${h1}", attempts ${document.getElementById("attempts-heading") !== null ? "drawn" : "not yet"}, fallbacks [${fallbacks.join(", ")}]`);
    },
  };
};

// In the page before its scripts: when each part of the page is first in the document.
const PARTS_PROBE = (heading) => {
  const seen = {};
  Object.defineProperty(window, "__parts", { value: seen });
  new MutationObserver(() => {
    const now = Math.round(performance.now());
    const note = (part, there) => {
      if (there && seen[part] === undefined) seen[part] = now;
    };
    note("loading card", [...document.querySelectorAll("h1")].some((h1) => h1.textContent?.trim() === "Session detail"));
    note("heading", [...document.querySelectorAll("h1")].some((h1) => h1.textContent?.trim() === heading));
    note("statistics", document.getElementById("session-statistics-heading") !== null);
    note("attempts' table", document.querySelector("table") !== null);
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

const port = Number(argument("port", "3146"));
const runs = Number(argument("runs", "3"));
const { base, stop } = await startServer(port);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => flag !== "--headless") });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const headersOf = captureHeaders(page);
  await signIn(page, base, CLINICIAN_ACCOUNT);
  const target = (await clinicianTargets(page, base, headersOf)).find((each) => each.name === "session detail");
  await context.addInitScript(COMMIT_PROBE);
  await context.addInitScript(PARTS_PROBE, target.heading);
  const cdp = await coldSlowPhone(context, page);
  for (let run = 0; run < runs; run += 1) {
    await cdp.send("Network.clearBrowserCache");
    await page.goto(`${base}${target.path}`, { waitUntil: "load" });
    // What follows the heading (the body, the editor's machine, the notes) comes within a few seconds.
    await page.waitForTimeout(4_000);
    const parts = await page.evaluate(() => window.__parts);
    console.log(`\nrun ${run + 1}: ${Object.entries(parts).map(([part, ms]) => `${part} ${ms} ms`).join(", ")}`);
    console.log((await page.evaluate(() => window.__commits)).map((line) => `  ${line}`).join("\n"));
  }
} finally {
  await browser.close();
  await stop();
}
