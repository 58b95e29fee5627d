import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

const blocking = new Set(["serious", "critical"]);

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    at ${node.target.join(" ")}\n      ${node.failureSummary?.replaceAll("\n", "\n      ") ?? ""}`)
    .join("\n");
  return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
}

/**
 * Waits until no CSS transition is running. axe computes contrast from the colours on screen, so a
 * scan while the sidebar narrows (its labels fading over 300 ms after focus leaves it) would read
 * half-faded text; a fast machine hits that moment, a slow one usually misses it.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
}

/**
 * Runs axe (WCAG 2.0-2.2 A and AA rules plus best practices) on the page once its transitions end, and fails
 * with a readable list if any violation is serious or critical.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const serious = results.violations.filter((violation) => blocking.has(violation.impact ?? ""));
  const report = serious.map(describeViolation).join("\n\n");
  // The list goes into the assertion's message, where Playwright prints it verbatim.
  expect(serious.length, `axe found serious or critical violations on ${page.url()}:\n\n${report}\n`).toBe(0);
}

/**
 * Runs axe's WCAG AAA text-contrast rule (color-contrast-enhanced: 7:1, large text 4.5:1) on the
 * page once its transitions end; the theme holds its text colours to it (docs/ui.md, "Contrast"), and this
 * catches a colour drawn outside the token pairs.
 */
export async function expectEnhancedTextContrast(page: Page): Promise<void> {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page }).withRules(["color-contrast-enhanced"]).analyze();
  const report = results.violations.map(describeViolation).join("\n\n");
  expect(results.violations.length, `axe found text below 7:1 on ${page.url()}:\n\n${report}\n`).toBe(0);
}
