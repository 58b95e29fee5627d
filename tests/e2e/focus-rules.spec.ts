import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { politeRegion, toast } from "./support/feedback.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { boxOf, expectPath, expectSidebarWidth, mainNav, pageHeading, sidebarLink } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 23, "Feedback and focus", on the real app by keyboard: the skip link then the sidebar come
// first; a refused save puts the focus on the field to fix, tied to its message; Escape closes an
// edit row and gives the focus back to the button that opened it; every save is confirmed by a
// toast and the polite live region, "Nothing changed" included; a dialog whose opener is gone
// hands the focus to the page heading; on a 390 px phone the sidebar never covers the page.
const FLOW_MS = 180_000;

type Patient = { readonly id: number; readonly status: string; readonly first_name: string; readonly last_name: string };
type Level = { readonly id: number; readonly game: { readonly type: string } };
type SessionItem = { readonly id: number };
type Detail = { readonly challenges_in_session: ReadonlyArray<{ readonly attempts: ReadonlyArray<{ readonly is_editable: boolean }> }> };

/** Games whose attempts carry a score, so the score field and its check can be driven. */
const SCORED = new Set(["naming", "memory_grid", "medication_management", "social_situations", "verbal_fluency", "pill_sorting"]);

/** The ids of the message(s) a field names in aria-describedby, as their text. */
async function describedText(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(" ");
}

async function expectInvalidAndFocused(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(await describedText(field)).toMatch(message);
}

/** A session of the SLP's with an editable attempt of a scored game. */
async function editableSession(page: Page, headers: Record<string, string>): Promise<{ patient: number; level: number; session: number }> {
  const patients = await apiGet<{ results: Patient[] }>(page, headers, "/api/patients/?page=1&page_size=10");
  for (const patient of patients.results) {
    const levels = await apiGet<Level[]>(page, headers, `/api/patients/${patient.id}/game-levels/`);
    for (const level of levels.filter((candidate) => SCORED.has(candidate.game.type))) {
      const sessions = await apiGet<{ results: SessionItem[] }>(page, headers, `/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=10`);
      for (const session of sessions.results) {
        const detail = await apiGet<Detail>(page, headers, `/api/game-session/${session.id}/detailed/`);
        if (detail.challenges_in_session.some((challenge) => challenge.attempts.some((attempt) => attempt.is_editable))) {
          return { patient: patient.id, level: level.id, session: session.id };
        }
      }
    }
  }
  throw new Error("no editable session of a scored game among the SLP's first patients");
}

test("from a page's start: the skip link, then the sidebar, then the content", async ({ page }) => {
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/dashboard");
  // The loading frame already shows the heading; the skip link and the sidebar come with the
  // signed-in area, so wait for them before the first Tab.
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const tabOrder = () =>
    page.evaluate(() => {
      const tabbable = [...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])")].filter(
        (element) => element.tabIndex >= 0,
      );
      const firstIn = (container: Element | null) => tabbable.findIndex((element) => container?.contains(element) === true);
      return { first: tabbable[0]?.textContent?.trim(), nav: firstIn(document.querySelector("nav")), main: firstIn(document.querySelector("main")) };
    });
  // The dashboard's cards fill in after its heading; on a loaded machine the main area can still
  // hold nothing focusable, so wait until it does before reading the order.
  await expect.poll(async () => (await tabOrder()).main, { timeout: 30_000 }).toBeGreaterThan(0);
  const order = await tabOrder();
  // In the document: the skip link first, then the sidebar, then the page's content.
  expect(order.first).toBe("Skip to main content");
  expect(order.nav).toBeGreaterThan(0);
  expect(order.nav).toBeLessThan(order.main);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Tab");
  // The second Tab is in the sidebar (its first link, the wordmark), not after the page's content.
  expect(await mainNav(page).evaluate((nav) => nav.contains(document.activeElement))).toBe(true);
});

test("session review by keyboard: score error focus, Escape, Nothing changed, and a saved note announced", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  const { patient, level, session } = await editableSession(page, await headers());
  await page.goto(`/details-panel/patient/${patient}/level/${level}/trend/${session}`);
  await expect(pageHeading(page)).toHaveText(/ session$/);

  const edit = page.locator("[data-edit-attempt]").first();
  const editName = (await edit.getAttribute("aria-label")) ?? "";
  const label = editName.replace(/^Edit (score|result) of /, "");
  await activate(page, edit, { max: 200 });
  const editor = page.getByRole("form", { name: label });
  const score = editor.getByRole("textbox", { name: "Score (0 to 1)" });
  await expect(score).toBeFocused();

  // An off-scale score: Enter submits, and the focus stays on the score with its message.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1.5");
  await page.keyboard.press("Enter");
  await expect(editor.getByText("The score must be between 0 and 1 in steps of 0.1")).toBeVisible();
  await expectInvalidAndFocused(score, /between 0 and 1/);

  // Escape in the field cancels the row and gives the focus back to its edit button.
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  await expect(page.locator(`[aria-label="${editName}"]`)).toBeFocused();

  // Saved with nothing changed: said, never a silent close.
  await page.keyboard.press("Enter");
  await expect(score).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(editor).toBeHidden();
  await expect(toast(page).getByText("Nothing changed")).toBeVisible();
  await expect(politeRegion(page)).toContainText("Nothing changed");
  await expect(page.locator(`[aria-label="${editName}"]`)).toBeFocused();

  // A note on the same attempt: saved, confirmed by a toast and the live region.
  const addNote = page.getByRole("button", { name: `Add note on ${label}` });
  await activate(page, addNote, { max: 10, backwards: true });
  const noteBox = page.getByRole("textbox", { name: "Note" });
  await expect(noteBox).toBeFocused();
  // Escape first: the form closes and the focus is back on Add note.
  await page.keyboard.press("Escape");
  await expect(noteBox).toBeHidden();
  await expect(addNote).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(noteBox).toBeFocused();
  await page.keyboard.type(`Focus rules check ${Date.now().toString(36)}`);
  await activate(page, page.getByRole("button", { name: "Save note" }), { max: 10 });
  await expect(toast(page).getByText("Note added")).toBeVisible();
  await expect(politeRegion(page)).toContainText("Note added");
});

test("assign form by keyboard: a refused Assign focuses the first dose to fix, then the patient search", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/exercises");
  await expect(pageHeading(page)).toHaveText("Exercises");
  const firstGame = page.getByRole("main").getByRole("checkbox").first();
  await tabTo(page, firstGame, { max: 60 });
  await page.keyboard.press("Space");
  await expect(firstGame).toBeChecked();
  await activate(page, page.getByRole("button", { name: "Assign selected" }), { max: 30 });
  await expectPath(page, "/create/assign");
  await expect(pageHeading(page)).toBeFocused();

  const assign = page.getByRole("button", { name: "Assign to 0 patients" });
  await activate(page, assign, { max: 80 });
  const form = page.getByRole("main").getByRole("group").first();
  const challenges = form.getByRole("textbox", { name: "Challenges" });
  await expectInvalidAndFocused(challenges, /challenges is required/);

  // The doses filled, the patients are what is left: the search where choosing starts.
  for (const name of ["Challenges", "Trials", "Minimum repetitions per day", "Maximum repetitions per day"]) {
    const field = form.getByRole("textbox", { name });
    await tabTo(page, field, { max: 10 });
    await page.keyboard.press("ControlOrMeta+a");
    const range = /(\d+) to (\d+)/.exec(await describedText(field));
    await page.keyboard.type(range?.[1] ?? "1");
  }
  await activate(page, assign, { max: 80 });
  await expectInvalidAndFocused(page.getByRole("searchbox", { name: "Search patients" }), /Choose at least one patient/);
});

test("a confirmed Deactivate hands the focus to the page heading; the change is announced; a pending patient is not offered Deactivate", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.admin);
  await page.goto("/patients");
  await expect(pageHeading(page)).toHaveText("Patients");
  const patients = await apiGet<{ results: Patient[] }>(page, await headers(), "/api/patients/?page=1&page_size=50");
  const active = patients.results.find((candidate) => candidate.status === "active");
  const pending = patients.results.find((candidate) => candidate.status === "pending");
  if (active === undefined) throw new Error("no active patient on the first page");

  if (pending !== undefined) {
    await page.goto(`/patient/${pending.id}`);
    await expect(page.getByRole("main").getByRole("button", { name: "Activate", exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Deactivate", exact: true })).toHaveCount(0);
  }

  await page.goto(`/patient/${active.id}`);
  const heading = pageHeading(page);
  const name = `${active.first_name} ${active.last_name}`;
  await expect(heading).toHaveText(name);
  await activate(page, page.getByRole("main").getByRole("button", { name: "Deactivate", exact: true }), { max: 40 });
  const dialog = page.getByRole("alertdialog", { name: `Deactivate ${name}?` });
  await activate(page, dialog.getByRole("button", { name: "Deactivate", exact: true }), { max: 5 });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("button", { name: "Activate", exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(toast(page).getByText(`${name} is inactive`)).toBeVisible();
  await expect(politeRegion(page)).toContainText(`${name} is inactive`);

  // Put the patient back as the other flows expect.
  await activate(page, page.getByRole("main").getByRole("button", { name: "Activate", exact: true }), { max: 40 });
  await activate(page, page.getByRole("alertdialog").getByRole("button", { name: "Activate", exact: true }), { max: 5 });
  await expect(page.getByRole("main").getByRole("button", { name: "Deactivate", exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the sidebar never covers the page it opened over, and a tap on the current page's entry closes it", async ({ page }) => {
    await openSignedIn(page, ACCOUNTS.slp);
    await page.goto("/patients");
    await expect(pageHeading(page)).toHaveText("Patients");

    // Opened by the keyboard (focus within): the content moves aside rather than lying under it.
    await tabTo(page, sidebarLink(page, "Patients"), { max: 10 });
    await expectSidebarWidth(page, 250);
    const nav = await boxOf(mainNav(page));
    const main = await boxOf(page.getByRole("main"));
    expect(main.x).toBeGreaterThanOrEqual(nav.x + nav.width - 1);

    // A tap on the entry of the page already shown closes it: the focus goes to the heading.
    await sidebarLink(page, "Patients").tap();
    await expect(pageHeading(page)).toBeFocused();
    await expectSidebarWidth(page, 63);
    const after = await boxOf(page.getByRole("main"));
    expect(after.x).toBeLessThan(nav.x + nav.width);

    // A tap on another entry opens it and closes the strip.
    await sidebarLink(page, "Exercises").tap();
    await expectPath(page, "/exercises");
    await expect(pageHeading(page)).toBeFocused();
    await expectSidebarWidth(page, 63);
  });
});
