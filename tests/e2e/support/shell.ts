import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { activate, tabTo } from "./keyboard.ts";
import { markOutbox, waitForCode } from "./outbox.ts";
import { type DemoAccount, enterCode, expectCodeEntry, expectDashboard, submitCredentials } from "./sign-in.ts";

/** The seeded institution of every demo.test account (server/seed/demo-accounts.ts, "riverside"). */
export const RIVERSIDE_NAME = "Riverside Speech Clinic";

/** One sidebar entry as the spec table (section 2) names it: the link's name and its address. */
export type SidebarEntry = { readonly name: string; readonly href: string };

/** The institution on the signed-in user's own record, as the server sent it to the portal. */
export type OwnInstitution = { readonly id: number; readonly name: string } | null;

/** The sidebar: `<nav aria-label="Main">` (it also holds the logo link and the footer). */
export const mainNav = (page: Page): Locator => page.getByRole("navigation", { name: "Main" });

/** The area entries only: the links of the sidebar's list, without the logo and the footer's Settings. */
export const sidebarEntryLinks = (page: Page): Locator => mainNav(page).getByRole("list").getByRole("link");

// An entry may carry a count badge (SLP Chat's unread messages, which other flows on the same
// server may have left): its name is then "<label>, <n> unread" and its text "<label><n>, <n> unread".
const BADGE = String.raw`\d+\+?, \d+ unread`;
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One area entry by its exact label, with or without its badge, so "SLPs" never matches "SLP Chat". */
export const sidebarLink = (page: Page, name: string): Locator =>
  mainNav(page).getByRole("list").getByRole("link", { name: new RegExp(`^${escaped(name)}( ?, \\d+ unread)?$`) });

/** The breadcrumb trail (docs/shell.md, "Breadcrumbs"), absent when the page has fewer than two steps. */
export const breadcrumbNav = (page: Page): Locator => page.getByRole("navigation", { name: "Breadcrumb" });

/** The page's one h1, inside the layout's <main>. */
export const pageHeading = (page: Page): Locator => page.getByRole("main").getByRole("heading", { level: 1 });

// What the sidebar lists now, read from the DOM so a wrong order or a wrong address shows in full.
const readSidebarEntries = (page: Page): Promise<SidebarEntry[]> =>
  sidebarEntryLinks(page).evaluateAll((links) =>
    links.map((link) => ({ name: (link.textContent ?? "").trim().replace(/\d+\+?, \d+ unread$/, ""), href: link.getAttribute("href") ?? "" })),
  );

/** The sidebar lists exactly these entries, in this order, with these addresses (waits for the user record). */
export async function expectSidebarEntries(page: Page, expected: readonly SidebarEntry[]): Promise<void> {
  await expect.poll(() => readSidebarEntries(page), { message: "the sidebar's entries (name, href) in order" }).toEqual(expected);
}

/** Exactly one element of the sidebar carries aria-current="page", and it is this entry; null: none does. */
export async function expectCurrentEntry(page: Page, name: string | null): Promise<void> {
  const current = mainNav(page).locator("[aria-current='page']");
  if (name === null) {
    await expect(current).toHaveCount(0);
    return;
  }
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(new RegExp(`^${escaped(name)}(${BADGE})?$`));
  await expect(sidebarLink(page, name)).toHaveAttribute("aria-current", "page");
}

/**
 * The breadcrumb reads exactly these steps, the last one marked as the current page; an empty list
 * means no trail at all (spec section 2: breadcrumbs are shown only with at least two items).
 */
export async function expectBreadcrumb(page: Page, steps: readonly string[]): Promise<void> {
  const trail = breadcrumbNav(page);
  if (steps.length === 0) {
    await expect(trail).toHaveCount(0);
    return;
  }
  await expect(trail.getByRole("listitem")).toHaveText([...steps]);
  const current = trail.locator("[aria-current='page']");
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(steps.at(-1) ?? "");
}

/** The address bar shows exactly this path (no query, no hash). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path && url.search === "" && url.hash === "");
}

/** Where an element sits and how big it is; fails when it is not rendered. */
export async function boxOf(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await target.boundingBox();
  if (box === null) throw new Error(`${String(target)} has no bounding box (not rendered)`);
  return box;
}

/** The sidebar's rendered width settles at `px` (±2 px for the border), waiting out the 300 ms transition. */
export async function expectSidebarWidth(page: Page, px: number): Promise<void> {
  await expect
    .poll(async () => Math.abs((await boxOf(mainNav(page))).width - px), { message: `the sidebar is about ${px} px wide` })
    .toBeLessThanOrEqual(2);
}

/**
 * Moves the mouse to the far right of the window: the sidebar widens under a hovering pointer and
 * then covers the left of the page, as it would for a person who leaves the mouse on it.
 */
export async function moveMouseOffSidebar(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error("the page has no fixed viewport");
  await page.mouse.move(viewport.width - 10, viewport.height / 2);
}

// The signed-in user's own record (GET /api/users/{id}/), the portal's source for the sidebar.
const isOwnRecordResponse = (url: string, method: string): boolean =>
  method === "GET" && /\/api\/users\/\d+\/?$/.test(new URL(url).pathname);

/**
 * Signs in with the code e-mailed to the account and returns the institution on the user record
 * the portal received. Unlike signInWithEmailCode it also passes the method choice: earlier specs
 * leave admin@demo.test with an authenticator app (authenticator-app.spec.ts) and
 * staffadmin@demo.test with SMS (sms-registration.spec.ts), and an account with two methods is
 * asked which one to use before any code is sent.
 */
export async function signInByEmailCode(page: Page, account: DemoAccount): Promise<OwnInstitution> {
  const ownRecord = page.waitForResponse(
    (response) => isOwnRecordResponse(response.url(), response.request().method()) && response.ok(),
  );
  // Awaited below; a sign-in that fails first must not leave an unhandled rejection behind.
  ownRecord.catch(() => undefined);
  const mark = await markOutbox(page.request, account.email);
  await submitCredentials(page, account.email);

  const codeEntry = page.getByRole("heading", { level: 1, name: "Enter your verification code" });
  const methodChoice = page.getByRole("radiogroup", { name: "Verification method" });
  await expect(codeEntry.or(methodChoice)).toBeVisible();
  if (await methodChoice.isVisible()) {
    await expectNoSeriousA11yViolations(page);
    const email = methodChoice.getByRole("radio", { name: /^Email/ });
    // The radio group is one Tab stop (on the checked option); arrow keys move the choice.
    await tabTo(page, methodChoice.getByRole("radio", { checked: true }));
    for (let presses = 0; presses < 3 && !(await email.isChecked()); presses += 1) await page.keyboard.press("ArrowDown");
    await expect(email).toBeChecked();
    await activate(page, page.getByRole("button", { name: "Continue" }));
  }

  await expectCodeEntry(page, "email");
  await expectNoSeriousA11yViolations(page);
  await enterCode(page, await waitForCode(page.request, mark));
  await expectDashboard(page, account);
  const record = (await (await ownRecord).json()) as { institution: OwnInstitution };
  return record.institution;
}

/** The signed-in user's own institution; fails for a user who has none (the super administrator). */
export function institutionOf(institution: OwnInstitution): { readonly id: number; readonly name: string } {
  if (institution === null) throw new Error("the signed-in user's record names no institution");
  return institution;
}
