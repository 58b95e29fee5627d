import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";

// Issue 23, the review queue: an SLP clears one patient's pending sessions from the patient page's
// "Review next" by keyboard alone (Tab, Enter and the page's single-key shortcuts), the count going
// down at each step, until the page says none is left; and the dashboard's "Start reviewing" walks
// the caseload with the place kept in the address.
const LONG_FLOW_MS = 300_000;
// More than this many pending sessions makes the flow long without testing anything more.
const MOST_SESSIONS = 8;

type PendingReviews = { readonly pending: number };

/** The count the session page's queue line shows ("3 sessions wait for review for this patient"). */
async function waitingOnPage(nav: Locator): Promise<number> {
  const text = await nav.getByText(/wait(s)? for review/).innerText();
  const match = /^(\d+|No) sessions? waits? for review/.exec(text);
  if (match === null) throw new Error(`no count in "${text}"`);
  return match[1] === "No" ? 0 : Number(match[1]);
}

/** A dashboard patient of the SLP with at least two pending sessions (the fewest such), and how many. */
async function patientToClear(page: Page, headers: () => Promise<Record<string, string>>): Promise<{ link: Locator; name: string; pending: number }> {
  const links = page.getByRole("table", { name: "Your patients" }).getByRole("rowheader").getByRole("link");
  await expect(links.first()).toBeVisible();
  let best: { link: Locator; name: string; pending: number } | null = null;
  for (const link of await links.all()) {
    const id = Number((await link.getAttribute("href"))?.split("/").at(-1));
    const { pending } = await apiGet<PendingReviews>(page, await headers(), `/api/patients/${id}/pending-reviews/`);
    if (pending >= 2 && pending <= MOST_SESSIONS && (best === null || pending < best.pending)) best = { link, name: (await link.innerText()).trim(), pending };
  }
  if (best === null) throw new Error(`no demo patient of the SLP has 2 to ${MOST_SESSIONS} pending sessions`);
  return best;
}

test("an SLP clears a patient's pending sessions with 'Review next', by keyboard only", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  const { link, name, pending } = await patientToClear(page, headers);
  const patientPath = (await link.getAttribute("href")) ?? "";

  await activate(page, link, { max: 80 });
  await expect(pageHeading(page)).toHaveText(name);
  const main = page.getByRole("main");
  await expect(main.getByText(`${pending} sessions wait for review`)).toBeVisible();
  await expect(main.getByText(/ · \d+ sessions? to review$/).first()).toBeVisible();
  await activate(page, main.getByRole("link", { name: "Review next" }), { max: 60 });

  let sessionPath = "";
  for (let left = pending; left > 0; left -= 1) {
    await expect(pageHeading(page)).toHaveText(/ session$/);
    await expect(pageHeading(page)).toBeFocused();
    expect(page.url()).not.toBe(sessionPath);
    sessionPath = page.url();
    const nav = main.getByRole("navigation", { name: "Review queue" });
    await expect.poll(() => waitingOnPage(nav)).toBe(left);

    if (left === pending) {
      // The first session: the shortcuts move among the attempts and list themselves; axe finds nothing serious.
      await page.keyboard.press("j");
      await expect(page.locator("[data-edit-attempt]:focus")).toHaveCount(1);
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect(help.getByRole("switch", { name: "Single-key shortcuts" })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(help).toBeHidden();
      // A reload keeps the place.
      await page.reload();
      await expect(pageHeading(page)).toHaveText(/ session$/);
      expect(page.url()).toBe(sessionPath);
    }

    await activate(page, main.getByRole("button", { name: "Mark as reviewed" }), { max: 80 });
    await expect(main.getByText(/^Reviewed by Sophie Speech on /)).toBeVisible();
    if (left > 1) {
      const offer = main.getByRole("link", { name: /^Next pending session: / });
      await expect(offer).toBeFocused();
      await expect.poll(() => waitingOnPage(nav)).toBe(left - 1);
      if (left === pending) await expectNoSeriousA11yViolations(page);
      // Enter on the offered link, or n from anywhere on the page: both go on.
      await page.keyboard.press(left % 2 === 0 ? "Enter" : "n");
    } else {
      await expect(main.getByText(`No sessions left to review for ${name}.`)).toBeVisible();
      await expect.poll(() => waitingOnPage(nav)).toBe(0);
    }
  }

  // Back on the patient's page nothing waits, and there is no "Review next".
  await page.goto(patientPath);
  await expect(pageHeading(page)).toHaveText(name);
  await expect(main.getByText("No sessions wait for review")).toBeVisible();
  await expect(main.getByRole("link", { name: "Review next" })).toHaveCount(0);
});

test("'Start reviewing' walks the caseload, oldest first, keeping the place in the address for a reload and Back", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  await openSignedIn(page, ACCOUNTS.slp);
  const start = page.getByRole("main").getByRole("link", { name: "Start reviewing" });
  await activate(page, start, { max: 20 });
  await expect(pageHeading(page)).toHaveText(/ session$/);
  expect(new URL(page.url()).search).toBe("?queue=caseload");
  const first = new URL(page.url()).pathname;
  const nav = page.getByRole("main").getByRole("navigation", { name: "Review queue" });
  await expect(nav.getByText(/in your caseload$/)).toBeVisible();
  // The first of the caseload is its oldest: nothing pending comes before it.
  await expect(nav.getByText("No earlier pending session")).toBeVisible();

  await page.keyboard.press("n");
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(first);
  expect(new URL(page.url()).search).toBe("?queue=caseload");
  const second = page.url();
  await page.reload();
  await expect(pageHeading(page)).toHaveText(/ session$/);
  expect(page.url()).toBe(second);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === first && url.search === "?queue=caseload");
  await expect(nav.getByRole("link", { name: "Next pending session" })).toBeVisible();
  await tabTo(page, nav.getByRole("link", { name: "Next pending session" }), { max: 20 });
});
