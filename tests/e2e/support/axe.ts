import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults, type RunOptions } from "axe-core";

type Violation = AxeResults["violations"][number];

/** WCAG 2.0-2.2 A and AA rules plus axe's best practices. */
const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Runs axe-core in the page and returns its violations (every node of each). axe's source goes
 * into a document once, not once per scan, and axe keeps only one example of each passed or
 * inapplicable rule (resultTypes), which is all a check that reads violations needs. This is
 * axe.run as @axe-core/playwright's AxeBuilder runs it, without the blank page AxeBuilder opens
 * for every scan to merge the results of frames: the portal has no frames. Measured in Chromium
 * on a 150-row table, 5.9 s -> 1.5 s a scan on a loaded 2-core machine.
 */
async function runAxe(page: Page, runOnly: RunOptions["runOnly"]): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    { runOnly, resultTypes: ["violations"] } satisfies RunOptions,
  );
}

const blocking = new Set(["serious", "critical"]);

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    at ${node.target.join(" ")}\n      ${node.failureSummary?.replaceAll("\n", "\n      ") ?? ""}`)
    .join("\n");
  return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
}

/**
 * Runs `scan` with CSS transitions switched off, so axe reads the colours the page settles on.
 * axe computes contrast from what is on screen: a scan during a transition (the sidebar's labels
 * fading, a button's background changing as it becomes enabled) reads half-way colours. Waiting
 * for transitions to end was not enough: one could start between the wait and the scan (seen on
 * an idle machine: the code page's Verify button at 1.02:1). Turning transitions off cancels any
 * that is running, which jumps it to its end value, and none can start until the scan is over.
 */
async function withoutTransitions<T>(page: Page, scan: () => Promise<T>): Promise<T> {
  // A constructed style sheet, not a <style> tag: the portal's CSP refuses inline styles.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
    Object.assign(window, { axeNoTransitions: sheet });
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  try {
    return await scan();
  } finally {
    // A page that navigated during the scan has nothing left to clean up.
    await page
      .evaluate(() => {
        const sheet: unknown = Reflect.get(window, "axeNoTransitions");
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      })
      .catch(() => undefined);
  }
}

/**
 * Runs axe (WCAG 2.0-2.2 A and AA rules plus best practices) on the page as it settles, and fails
 * with a readable list if any violation is serious or critical.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await withoutTransitions(page, () => runAxe(page, { type: "tag", values: WCAG_AA_TAGS }));
  const serious = results.violations.filter((violation) => blocking.has(violation.impact ?? ""));
  const report = serious.map(describeViolation).join("\n\n");
  // The list goes into the assertion's message, where Playwright prints it verbatim.
  expect(serious.length, `axe found serious or critical violations on ${page.url()}:\n\n${report}\n`).toBe(0);
}

/**
 * Runs axe's WCAG AAA text-contrast rule (color-contrast-enhanced: 7:1, large text 4.5:1) on the
 * page as it settles; the theme holds its text colours to it (docs/ui.md, "Contrast"), and this
 * catches a colour drawn outside the token pairs.
 */
export async function expectEnhancedTextContrast(page: Page): Promise<void> {
  const results = await withoutTransitions(page, () => runAxe(page, { type: "rule", values: ["color-contrast-enhanced"] }));
  const report = results.violations.map(describeViolation).join("\n\n");
  expect(results.violations.length, `axe found text below 7:1 on ${page.url()}:\n\n${report}\n`).toBe(0);
}
