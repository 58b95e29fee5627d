import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { politeRegion, toast } from "./support/feedback.ts";
import { acceptInvitationWithApp, authenticatorCode, type RegisteredApp, waitForInvitationLink } from "./support/invitation.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { markOutbox } from "./support/outbox.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { expectPath, pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS, type DemoAccount, enterCode, expectCodeEntry, expectDashboard, signInWithEmailCode, submitCredentials } from "./support/sign-in.ts";

// Issue 21, by keyboard with an axe scan on every screen: the super administrator sets up an
// institution and invites its first administrator, who accepts and invites an SLP; a withdrawn
// link says so; the last administrator cannot be deactivated; an SLP who leaves hands their
// patients over. The new institution, its people and addresses are this spec's own (a tag per
// run); the handover uses two generated Riverside SLPs no other spec names.
const LONG_FLOW_MS = 300_000;
// A server call on a busy 2-core machine (an argon2 hash, a lazy chunk, an e-mail written).
const SERVER_MS = 30_000;
const PERIOD_MS = 30_000;
// Strong enough for the password rules (zxcvbn score 3).
const ADMIN_PASSWORD = "Lantern-Meadow-Quartz-97";
const SLP_PASSWORD = "Harbour-Juniper-Violet-58";

const tag = Date.now().toString(36);
const institution = {
  name: `Northwind Speech ${tag}`,
  domains: [`northwind${tag}.test`, `nw${tag}.example`],
  description: "A clinic made by the administration flow.",
};
const firstAdmin: DemoAccount = { email: `hazel.admin@${institution.domains[1] ?? ""}`, name: "Hazel Marlowe" };
const invitedSlp: DemoAccount = { email: `ivo.slp@${institution.domains[0] ?? ""}`, name: "Ivo Brennan" };
const withdrawnSlp: DemoAccount = { email: `wren.slp@${institution.domains[0] ?? ""}`, name: "Wren Talbot" };

/** What the first test leaves for the next: where the institution and its administrator are, and the administrator's app. */
type Onboarded = { readonly institutionId: number; readonly adminId: number; readonly app: RegisteredApp };
let onboarded: Onboarded | null = null;

const main = (page: Page): Locator => page.getByRole("main");
const textbox = (page: Page, label: string): Locator => main(page).getByRole("textbox", { name: label, exact: true });
const idAtEnd = (page: Page): number => Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
const firstOf = (person: DemoAccount): string => person.name.split(" ")[0] ?? "";
const lastOf = (person: DemoAccount): string => person.name.split(" ")[1] ?? "";

/** Tabs to a text field and types into it (replacing what it held). */
async function fill(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field, { max: 60 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** A fresh browser (nothing signed in) on the worker's server, with its own problem list. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...(baseURL === undefined ? {} : { baseURL }) });
  const page = await context.newPage();
  return { page, problems: collectPageProblems(page), close: () => context.close() };
}

/** The institution administrator invites an SLP on /create/staff; answers the SLP's id and their link. */
async function inviteSlp(page: Page, slp: DemoAccount): Promise<{ id: number; link: string }> {
  await page.goto("/staff");
  await expect(pageHeading(page)).toHaveText("SLPs");
  await expectNoSeriousA11yViolations(page);
  await activate(page, main(page).getByRole("link", { name: "New SLP" }), { max: 40 });
  await expectPath(page, "/create/staff");
  await expect(pageHeading(page)).toHaveText("New SLP");
  await expectNoSeriousA11yViolations(page);
  await fill(page, textbox(page, "First name"), firstOf(slp));
  await fill(page, textbox(page, "Last name"), lastOf(slp));
  await fill(page, textbox(page, "Email"), slp.email);
  const mark = await markOutbox(page.request, slp.email);
  await activate(page, main(page).getByRole("button", { name: "Send invitation" }), { max: 60 });
  await expect(pageHeading(page)).toHaveText(slp.name, { timeout: SERVER_MS });
  await expect(page).toHaveURL(/\/staff\/\d+$/);
  await expect(page.getByText(`Invitation sent to ${slp.email}`)).toBeVisible();
  await expect(main(page).getByRole("heading", { level: 2, name: "Invitation" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  return { id: idAtEnd(page), link: await waitForInvitationLink(page, mark) };
}

test.describe.serial("a new institution", () => {
  test("the super administrator creates an institution, offers it games and invites its first administrator, who accepts and registers an authenticator app; the last administrator cannot be deactivated", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(LONG_FLOW_MS);
    const problems = collectPageProblems(page);
    await signInWithEmailCode(page, ACCOUNTS.superAdmin);

    await page.goto("/organizations");
    await expect(pageHeading(page)).toHaveText("Institutions");
    await expect(main(page).getByRole("table", { name: "Institutions" })).toBeVisible({ timeout: SERVER_MS });
    await expectNoSeriousA11yViolations(page);
    await activate(page, main(page).getByRole("link", { name: "New institution" }), { max: 40 });
    await expectPath(page, "/create/organization");
    await expect(pageHeading(page)).toHaveText("New institution");
    await expectNoSeriousA11yViolations(page);

    // The domains are a list of rows: the second one is added, and the focus moves into it.
    await fill(page, textbox(page, "Name"), institution.name);
    await fill(page, textbox(page, "Domain 1"), institution.domains[0] ?? "");
    await activate(page, main(page).getByRole("button", { name: "Add domain" }));
    const second = textbox(page, "Domain 2");
    await expect(second).toBeFocused();
    await page.keyboard.type(institution.domains[1] ?? "");
    await expect(second).toHaveValue(institution.domains[1] ?? "");
    await fill(page, textbox(page, "Description"), institution.description);
    await expectNoSeriousA11yViolations(page);
    await activate(page, main(page).getByRole("button", { name: "Add institution" }), { max: 40 });

    await expect(pageHeading(page)).toHaveText(institution.name, { timeout: SERVER_MS });
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    const institutionId = idAtEnd(page);
    await expect(page.getByText("Institution added")).toBeVisible();
    await expect(main(page).getByText(institution.domains.join(", "), { exact: true })).toBeVisible();
    await expect(main(page).getByText("This institution has no administrators yet.")).toBeVisible({ timeout: SERVER_MS });
    await expectNoSeriousA11yViolations(page);

    // Offered games: Space ticks each box, then one save for the whole list.
    const games = main(page).getByRole("group", { name: "Games this institution offers" });
    await expect(games).toBeVisible({ timeout: SERVER_MS });
    for (const game of ["Naming", "Memory grid"]) {
      const box = games.getByRole("checkbox", { name: game, exact: true });
      await tabTo(page, box, { max: 40 });
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    await activate(page, main(page).getByRole("button", { name: "Save offered games" }), { max: 40 });
    await expect(page.getByText(`${institution.name} offers 2 games.`)).toBeVisible({ timeout: SERVER_MS });
    await expect(main(page).getByRole("button", { name: "Save offered games" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    // Saved on the server: a fresh load shows the same two ticked.
    await page.reload();
    await expect(games.getByRole("checkbox", { name: "Naming", exact: true })).toBeChecked({ timeout: SERVER_MS });
    await expect(games.getByRole("checkbox", { name: "Memory grid", exact: true })).toBeChecked();
    await expect(games.getByRole("checkbox", { checked: true })).toHaveCount(2);

    // The first administrator, at the second domain.
    await activate(page, main(page).getByRole("link", { name: "New administrator" }), { max: 60 });
    await expectPath(page, `/create/organization/${institutionId}/admin`);
    await expect(pageHeading(page)).toHaveText("New administrator");
    await expect(main(page).getByText(`For ${institution.name}.`, { exact: false })).toBeVisible({ timeout: SERVER_MS });
    await expectNoSeriousA11yViolations(page);
    await fill(page, textbox(page, "First name"), firstOf(firstAdmin));
    await fill(page, textbox(page, "Last name"), lastOf(firstAdmin));
    await fill(page, textbox(page, "Email"), firstAdmin.email);
    await chooseInSelect(page, main(page).getByRole("combobox", { name: "Role", exact: true }), "Institution administrator", { max: 60 });
    const mark = await markOutbox(page.request, firstAdmin.email);
    await activate(page, main(page).getByRole("button", { name: "Send invitation" }), { max: 40 });
    await expect(pageHeading(page)).toHaveText(firstAdmin.name, { timeout: SERVER_MS });
    await expect(page).toHaveURL(/\/admins\/\d+$/);
    const adminId = idAtEnd(page);
    await expect(page.getByText(`Invitation sent to ${firstAdmin.email}`)).toBeVisible();
    await expect(main(page).getByText("Pending", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 2, name: "Invitation" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const link = await waitForInvitationLink(page, mark);

    // The administrator accepts in a browser of their own.
    const invitee = await freshPage(browser, baseURL);
    const app = await acceptInvitationWithApp(invitee.page, link, firstAdmin, ADMIN_PASSWORD);
    expect(invitee.problems).toEqual([]);
    await invitee.close();
    onboarded = { institutionId, adminId, app };

    // Now active and the institution's only active administrator: Deactivate (and Delete) stay
    // visible, disabled, with the reason beside them and tied to them.
    await page.goto(`/admins/${adminId}`);
    await expect(pageHeading(page)).toHaveText(firstAdmin.name, { timeout: SERVER_MS });
    await expect(main(page).getByText("Active", { exact: true })).toBeVisible();
    const reason = main(page).getByText("The institution's last active administrator cannot be deactivated or deleted: make another administrator active first.");
    await expect(reason).toBeVisible();
    const deactivate = main(page).getByRole("button", { name: "Deactivate", exact: true });
    await expect(deactivate).toBeDisabled();
    await expect(deactivate).toHaveAccessibleDescription(/last active administrator cannot be deactivated/);
    await expect(main(page).getByRole("heading", { level: 2, name: "Invitation" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    expect(problems).toEqual([]);
  });

  test("the new administrator signs in with their app and invites an SLP, who accepts in a new browser; a withdrawn invitation's link says it is no longer valid", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(LONG_FLOW_MS);
    if (onboarded === null) throw new Error("the institution of the first test was not set up");
    const { app } = onboarded;
    const problems = collectPageProblems(page);

    // Their only factor is the app, so its code is asked for at once. The code of the registration
    // step is spent; the server accepts one step of drift, so the next step's code works now.
    await submitCredentials(page, firstAdmin.email, ADMIN_PASSWORD);
    await expectCodeEntry(page, "app");
    await expectNoSeriousA11yViolations(page);
    await enterCode(page, authenticatorCode(app.secret, Math.max(Date.now(), app.registeredAt + PERIOD_MS)));
    await expectDashboard(page, firstAdmin);

    const slp = await inviteSlp(page, invitedSlp);
    const invitee = await freshPage(browser, baseURL);
    await acceptInvitationWithApp(invitee.page, slp.link, invitedSlp, SLP_PASSWORD);
    expect(invitee.problems).toEqual([]);
    await invitee.close();
    await page.goto(`/staff/${slp.id}`);
    await expect(pageHeading(page)).toHaveText(invitedSlp.name, { timeout: SERVER_MS });
    await expect(main(page).getByText("Active", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 2, name: "Invitation" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A second invitation, withdrawn before it is followed.
    const withdrawn = await inviteSlp(page, withdrawnSlp);
    await activate(page, main(page).getByRole("button", { name: "Withdraw invitation" }), { max: 40 });
    const dialog = page.getByRole("alertdialog", { name: `Withdraw ${withdrawnSlp.name}'s invitation?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await activate(page, dialog.getByRole("button", { name: "Withdraw invitation", exact: true }), { max: 5 });
    await expect(dialog).toBeHidden({ timeout: SERVER_MS });
    await expect(page.getByText(`${withdrawnSlp.name}'s invitation was withdrawn`)).toBeVisible();
    await expect(main(page).getByText("Pending", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const follower = await freshPage(browser, baseURL);
    await follower.page.goto(withdrawn.link);
    await expect(follower.page.getByRole("heading", { level: 1, name: "This invitation is no longer valid" })).toBeVisible({ timeout: SERVER_MS });
    await expect(follower.page.getByText("A newer invitation was sent, or the invitation was withdrawn.", { exact: false })).toBeVisible();
    await expect(follower.page.getByRole("textbox")).toHaveCount(0);
    await expectNoSeriousA11yViolations(follower.page);
    await activate(follower.page, follower.page.getByRole("link", { name: "Go to sign in" }));
    await expect(follower.page).toHaveURL(/\/auth\/sign-in$/);
    await expect(follower.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectNoSeriousA11yViolations(follower.page);
    expect(follower.problems).toEqual([]);
    await follower.close();

    expect(problems).toEqual([]);
  });
});

/** The SLP rows of GET /api/staff/ and the caseload of GET /api/staff/{id}/ this flow reads. */
type StaffRow = { readonly id: number; readonly email: string; readonly first_name: string; readonly last_name: string; readonly status: string };
type StaffRecord = StaffRow & { readonly caseload: { readonly patients: number } };

test("an institution administrator deactivates an SLP who has patients, choosing the active SLP who takes them over", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const problems = collectPageProblems(page);
  const headers = captureApiHeaders(page);
  // admin@demo.test is signed in by its e-mail code, which it keeps whatever authenticator-app.spec.ts adds.
  await openSignedIn(page, ACCOUNTS.admin);

  // Two of the generated active Riverside SLPs with patients (slp@demo.test is other specs' own).
  const adminHeaders = await headers();
  const list = await apiGet<{ results: readonly StaffRow[] }>(page, adminHeaders, "/api/staff/?page_size=100");
  const candidates = list.results.filter((row) => row.status === "active" && row.email !== ACCOUNTS.slp.email);
  const records = await Promise.all(candidates.map((row) => apiGet<StaffRecord>(page, adminHeaders, `/api/staff/${row.id}/`)));
  const withPatients = records.filter((record) => record.caseload.patients > 0).sort((a, b) => a.caseload.patients - b.caseload.patients);
  const [leaving, successor] = withPatients;
  if (leaving === undefined || successor === undefined) throw new Error("the seed has fewer than two generated active SLPs with patients");
  const leavingName = `${leaving.first_name} ${leaving.last_name}`;
  const successorName = `${successor.first_name} ${successor.last_name}`;
  const moved = leaving.caseload.patients;
  const patientsWord = moved === 1 ? "1 patient" : `${moved} patients`;

  await page.goto(`/staff?search=${encodeURIComponent(leaving.email)}`);
  await expect(pageHeading(page)).toHaveText("SLPs");
  await activate(page, main(page).getByRole("link", { name: leavingName, exact: true }), { max: 60 });
  await expectPath(page, `/staff/${leaving.id}`);
  await expect(pageHeading(page)).toHaveText(leavingName, { timeout: SERVER_MS });
  // Their patients, as their record lists them (all pages, each after the list's pause).
  const shown = main(page).getByText(/^All \d+ patients? (is|are) shown\.$/);
  await expect(shown).toBeVisible({ timeout: 120_000 });
  const assigned = main(page).getByRole("table", { name: "Assigned patients" });
  const movedNames = (await assigned.getByRole("rowheader").allInnerTexts()).map((name) => name.trim());
  expect(movedNames.length).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  await activate(page, main(page).getByRole("button", { name: "Deactivate", exact: true }), { max: 40 });
  const dialog = page.getByRole("alertdialog", { name: `Deactivate ${leavingName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${leavingName} has ${patientsWord}`, { exact: false })).toBeVisible();
  const picker = dialog.getByRole("combobox", { name: `Who takes over the ${patientsWord}`, exact: true });
  await expect(picker).toBeVisible({ timeout: SERVER_MS });
  await expectNoSeriousA11yViolations(page);
  // Focus starts on Cancel (autoFocus); the choice is made in the dialog by keyboard alone.
  await chooseInSelect(page, picker, successorName, { max: 60 });
  await expect(dialog.getByText(`${patientsWord} will move to ${successorName}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await activate(page, dialog.getByRole("button", { name: "Deactivate", exact: true }), { max: 10 });
  await expect(dialog).toBeHidden({ timeout: SERVER_MS });
  await expect(toast(page).getByText(`${leavingName} is inactive`)).toBeVisible();
  await expect(politeRegion(page)).toContainText(`${leavingName} is inactive`);
  await expect(main(page).getByText("Inactive", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(main(page).getByText("No patients are assigned to this SLP.")).toBeVisible({ timeout: SERVER_MS });

  // The server moved the whole caseload in the same change.
  const after = await apiGet<StaffRecord>(page, await headers(), `/api/staff/${successor.id}/`);
  expect(after.caseload.patients).toBe(successor.caseload.patients + moved);
  expect((await apiGet<StaffRecord>(page, await headers(), `/api/staff/${leaving.id}/`)).caseload.patients).toBe(0);

  // And the successor's record lists them.
  await page.goto(`/staff/${successor.id}`);
  await expect(pageHeading(page)).toHaveText(successorName, { timeout: SERVER_MS });
  await expect(main(page).getByText(/^All \d+ patients? (is|are) shown\.$/)).toBeVisible({ timeout: 180_000 });
  const successorPatients = (await main(page).getByRole("table", { name: "Assigned patients" }).getByRole("rowheader").allInnerTexts()).map((name) => name.trim());
  for (const name of movedNames) expect(successorPatients).toContain(name);
  await expectNoSeriousA11yViolations(page);

  expect(problems).toEqual([]);
});
