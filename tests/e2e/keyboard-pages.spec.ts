import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectEnhancedTextContrast, expectNoSeriousA11yViolations } from "./support/axe.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { notifications, toast } from "./support/feedback.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { boxOf, breadcrumbNav, expectPath, mainNav, pageHeading, sidebarLink } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// The flows of this file need nothing from one another (each signs in and finds its own data), so
// they spread over the workers instead of queueing on one: the file is among the longest, and
// run whole it started last and ran alone at the end (playwright.config.ts, "balance").
test.describe.configure({ mode: "parallel" });

// Issue 31, items 17 and 18 (the shell and page parts): the sidebar is one Tab from a page's
// heading; pages opened from an e-mail start on their h1; a dead reset link says so at once; a
// toast never covers the header's Back link; /rtm fits a 390 px phone.

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The tabs pressed from where the focus is until `target` has it (at most `max`). */
async function tabsTo(page: Page, target: Locator, max: number): Promise<number> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return presses;
    if (presses < max) await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not focused after ${String(max)} Tabs`);
}

test("from a page's heading the sidebar is one Tab and Enter away: Skip to navigation", async ({ page }) => {
  const problems = collectPageProblems(page);
  await openSignedIn(page, ACCOUNTS.slp);

  // A navigation by keyboard puts the focus on the new page's h1 (the focus rule).
  // Backwards from the top wraps to the end of the SLP dashboard (its reports due, issue 37) first.
  await activate(page, sidebarLink(page, "Billing"), { backwards: true, max: 40 });
  await expectPath(page, "/rtm");
  await expect(pageHeading(page)).toHaveText("Billing");
  await expect(pageHeading(page)).toBeFocused();
  await expect(page.getByRole("table")).toBeVisible();

  const skip = page.getByRole("link", { name: "Skip to navigation" });
  expect(await tabsTo(page, skip, 2)).toBeLessThanOrEqual(2);
  await expect(skip).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectEnhancedTextContrast(page);
  await page.keyboard.press("Enter");
  await expect(sidebarLink(page, "Dashboard")).toBeFocused();
  // The address keeps the route (no #hash), and the strip shows its labels for the keyboard user.
  await expectPath(page, "/rtm");
  await activate(page, sidebarLink(page, "Patients"));
  await expectPath(page, "/patients");
  await expect(pageHeading(page)).toBeFocused();
  expect(await tabsTo(page, skip, 2)).toBeLessThanOrEqual(2);

  // The skip link of a fresh page load is still the first Tab stop.
  await page.goto("/patients");
  await expect(pageHeading(page)).toHaveText("Patients");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  expect(problems).toEqual([]);
});

test("the invitation page and a bogus reset link start with the focus on their h1, and a dead reset link says so at once, with no form", async ({ page }) => {
  await page.goto("/auth/invitation?token=no-such-invitation-token");
  const invitationHeading = page.getByRole("heading", { level: 1 });
  await expect(invitationHeading).toHaveText("This invitation link is not valid");
  await expect(invitationHeading).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/auth/email-confirmation?token=no-such-reset-token");
  const heading = page.getByRole("heading", { level: 1, name: "This reset link no longer works" });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save new password" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectEnhancedTextContrast(page);
  await activate(page, page.getByRole("link", { name: "Request a new link" }));
  await expectPath(page, "/auth/forgot-password");
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`a toast at ${String(viewport.width)} px stays below the header bar: it covers neither the breadcrumb nor the details panel's Back link`, async ({ page }) => {
    const headers = captureApiHeaders(page);
    await page.setViewportSize(viewport);
    await openSignedIn(page, ACCOUNTS.slp);
    const patients = await apiGet<{ results: { id: number }[] }>(page, await headers(), "/api/patients/?page_size=20&page=1");
    let panel: string | null = null;
    for (const patient of patients.results) {
      const [level] = await apiGet<{ id: number }[]>(page, await headers(), `/api/patients/${String(patient.id)}/game-levels/`);
      if (level !== undefined) {
        panel = `/details-panel/patient/${String(patient.id)}/level/${String(level.id)}`;
        break;
      }
    }
    if (panel === null) throw new Error("no patient of the SLP has an exercise level");

    // "Nothing changed": a toast that changes no data.
    await page.goto("/settings/profile");
    await activate(page, page.getByRole("button", { name: "Save profile" }), { max: 40 });
    const shown = toast(page);
    await expect(shown).toBeVisible();
    expect(overlaps(await boxOf(notifications(page)), await boxOf(breadcrumbNav(page)))).toBe(false);
    const region = await boxOf(notifications(page));
    expect(region.y).toBeGreaterThanOrEqual((await boxOf(breadcrumbNav(page))).y + (await boxOf(breadcrumbNav(page))).height);
    expect(region.x + region.width).toBeLessThanOrEqual(viewport.width);

    // Hovering pauses its 5 s; the app then moves on to a details panel, whose header has Back.
    await shown.hover();
    await page.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, panel);
    const back = page.getByRole("banner").getByRole("link", { name: "Back" });
    await expect(back).toBeVisible();
    await expect(shown).toBeVisible();
    const header = await boxOf(page.getByRole("banner"));
    await expect.poll(async () => (await boxOf(notifications(page))).y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(overlaps(await boxOf(shown), await boxOf(back))).toBe(false);
    expect(overlaps(await boxOf(shown), header)).toBe(false);
  });
}

test("/rtm fits a 390 px phone: its month row wraps and nothing scrolls sideways", async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/rtm");
  await expect(pageHeading(page)).toHaveText("Billing");
  const month = page.getByRole("group", { name: "Month" });
  await expect(month.getByRole("button", { name: "Next month" })).toBeEnabled();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(mainNav(page)).toBeVisible();

  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
  const group = await boxOf(month);
  expect(group.x + group.width).toBeLessThanOrEqual(PHONE.width);
  // Wrapped: the last button sits on a line below the first.
  const previous = await boxOf(month.getByRole("button", { name: "Previous month" }));
  const next = await boxOf(month.getByRole("button", { name: "Next month" }));
  expect(next.y).toBeGreaterThan(previous.y);
  await tabTo(page, month.getByRole("button", { name: "Next month" }), { max: 40 });
  await expectNoSeriousA11yViolations(page);
  expect(problems).toEqual([]);
});
