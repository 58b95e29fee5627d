import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import {
  boxOf,
  expectBreadcrumb,
  expectCurrentEntry,
  expectPath,
  expectSidebarEntries,
  institutionOf,
  mainNav,
  moveMouseOffSidebar,
  pageHeading,
  RIVERSIDE_NAME,
  sidebarLink,
  type OwnInstitution,
  type SidebarEntry,
} from "./support/shell.ts";
import { EXERCISES_PAGE_KIND, exercisesPageFor } from "../../domain/exercises/exercises-page-kind.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS, type DemoAccount } from "./support/sign-in.ts";

// The flows of this file need nothing from one another (each signs in and finds its own data), so
// they spread over the workers instead of queueing on one: the file is among the longest, and
// run whole it started last and ran alone at the end (playwright.config.ts, "balance").
test.describe.configure({ mode: "parallel" });

// The entries of spec section 2's sidebar table that do not depend on who is signed in.
const DASHBOARD = { name: "Dashboard", href: "/dashboard" };
const ADMINS = { name: "Admins", href: "/admins" };
const SLPS = { name: "SLPs", href: "/staff" };
const PATIENTS = { name: "Patients", href: "/patients" };
const EXERCISES = { name: "Exercises", href: "/exercises" };
const BILLING = { name: "Billing", href: "/rtm" };
const SLP_CHAT = { name: "SLP Chat", href: "/slp-chat" };
// Issue 38: the administrators' audit log (the super administrator's shows institution-level rows only).
const AUDIT_LOG = { name: "Audit log", href: "/audit" };

type RoleCase = {
  readonly role: string;
  readonly account: DemoAccount;
  /** Spec section 2's table for the role, in display order, given the Institution entry. */
  readonly entries: (institution: SidebarEntry) => readonly SidebarEntry[];
};

// Which entries each role sees follows from spec section 2 (list or retrieve on the resource;
// Billing and SLP Chat never for the super administrator) and the grants of
// domain/shared/permissions/role-permissions.ts: only super_admin and institution_admin hold anything on
// administrators, only institution_admin and staff_admin on staff, and super_admin nothing on
// patients.
const ROLES: readonly RoleCase[] = [
  { role: "super_admin", account: ACCOUNTS.superAdmin, entries: (institution) => [DASHBOARD, institution, ADMINS, EXERCISES, AUDIT_LOG] },
  {
    role: "institution_admin",
    account: ACCOUNTS.admin,
    entries: (institution) => [DASHBOARD, institution, ADMINS, SLPS, PATIENTS, EXERCISES, BILLING, AUDIT_LOG],
  },
  {
    role: "staff_admin",
    account: ACCOUNTS.staffAdmin,
    entries: (institution) => [DASHBOARD, institution, SLPS, PATIENTS, EXERCISES, BILLING, SLP_CHAT],
  },
  { role: "staff", account: ACCOUNTS.slp, entries: (institution) => [DASHBOARD, institution, PATIENTS, EXERCISES, BILLING, SLP_CHAT] },
];

/**
 * The h1 an entry's page names itself with: its own name, but /exercises is the templates page for
 * the administrators who keep templates (spec section 2; domain/exercises/exercises-page-kind.ts).
 * (Until the page arrives its loading state shows the entry's name, so a wrong expectation here
 * could pass on that transient heading alone.)
 */
const headingOf = (entry: SidebarEntry, role: string): string =>
  entry === EXERCISES && exercisesPageFor(role) === EXERCISES_PAGE_KIND.templates ? "Exercise templates" : entry.name;

/** What opening an entry must show: the page's h1 and its breadcrumb steps (none for a top-level page). */
type Landing = { readonly heading: string; readonly breadcrumb: readonly string[] };

// The Institution entry opens the institutions list for the super administrator (who belongs to
// none) and the user's own institution, named in the h1 and the trail, for everyone else.
const institutionCase = (institution: OwnInstitution): { entry: SidebarEntry; landing: Landing } => {
  if (institution === null) {
    return { entry: { name: "Institution", href: "/organizations" }, landing: { heading: "Institutions", breadcrumb: [] } };
  }
  const own = institutionOf(institution);
  return {
    entry: { name: "Institution", href: `/organizations/${own.id}` },
    landing: { heading: own.name, breadcrumb: ["Institutions", own.name] },
  };
};

// The collapsed strip clips each 250 px row to its 63 px icon column: a mouse user clicks the icon.
const ICON_CENTER_X = 31;

/** Clicks a sidebar entry's icon, as a mouse user does on the collapsed strip. */
async function clickSidebarEntry(page: Page, name: string): Promise<void> {
  const link = sidebarLink(page, name);
  const box = await boxOf(link);
  await link.click({ position: { x: ICON_CENTER_X, y: box.height / 2 } });
}

/** Opens Settings from the sidebar's footer, then its Security tab, checking each page's trail and scanning it. */
async function visitSettings(page: Page): Promise<void> {
  await mainNav(page).getByRole("link", { name: "Settings", exact: true }).click();
  await expectPath(page, "/settings/profile");
  await expect(pageHeading(page)).toHaveText("Settings");
  await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  // Settings sits in the sidebar's footer, not among the areas: no entry is current.
  await expectCurrentEntry(page, null);
  await expectBreadcrumb(page, ["Settings", "Profile"]);
  await expectNoSeriousA11yViolations(page);

  // The pointer rests on the widened sidebar after clicking Settings; the tabs lie beneath it.
  await moveMouseOffSidebar(page);
  await page.getByRole("tab", { name: "Security" }).click();
  await expectPath(page, "/settings/security");
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 2, name: "Password" })).toBeVisible();
  await expectCurrentEntry(page, null);
  await expectBreadcrumb(page, ["Settings", "Security"]);
  await expectNoSeriousA11yViolations(page);
}

// A sign-in and about ten pages, each scanned by axe: more than the default limit on a busy machine.
const ROLE_TEST_TIMEOUT_MS = 180_000;

// Settings is the same page for every role; one role's visit covers its trail and scans.
const SETTINGS_ROLE = "staff";

for (const { role, account, entries } of ROLES) {
  test(`${role}: the sidebar lists exactly the spec's entries, and each opens its page with the right heading, current entry and breadcrumb`, async ({
    page,
  }) => {
    test.setTimeout(ROLE_TEST_TIMEOUT_MS);
    const problems = collectPageProblems(page);
    const institution = await openSignedIn(page, account);
    if (role === "super_admin") expect(institution).toBeNull();
    else expect(institution?.name).toBe(RIVERSIDE_NAME);

    const { entry: institutionEntry, landing: institutionLanding } = institutionCase(institution);
    const expected = entries(institutionEntry);
    await expectSidebarEntries(page, expected);
    await expectCurrentEntry(page, "Dashboard");
    // The dashboard is a top-level page: a one-step trail is not shown.
    await expectBreadcrumb(page, []);
    await expectNoSeriousA11yViolations(page);

    for (const entry of expected) {
      const landing = entry === institutionEntry ? institutionLanding : { heading: headingOf(entry, role), breadcrumb: [] };
      await test.step(`opens ${entry.name}`, async () => {
        await clickSidebarEntry(page, entry.name);
        await expectPath(page, entry.href);
        await expect(pageHeading(page)).toHaveText(landing.heading);
        await expectCurrentEntry(page, entry.name);
        await expectBreadcrumb(page, landing.breadcrumb);
        await expectNoSeriousA11yViolations(page);
      });
    }

    if (role === SETTINGS_ROLE) await visitSettings(page);

    expect(problems).toEqual([]);
  });
}
