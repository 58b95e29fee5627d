import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, shownIn, tabTo } from "./support/keyboard.ts";
import { expectBreadcrumb, expectPath, pageHeading, sidebarLink } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { politeRegion, toast } from "./support/feedback.ts";

// The flows of this file need nothing from one another (each signs in and finds its own data), so
// they spread over the workers instead of queueing on one: the file is among the longest, and
// run whole it started last and ran alone at the end (playwright.config.ts, "balance").
test.describe.configure({ mode: "parallel" });

// Issue 12: an SLP opens a patient from the dashboard, reviews a session attempt by attempt (a
// correction, a note added and edited, the review mark), sees the dashboard's count drop, and
// opens a session of each of the eight game types, playing a recorded answer, all by keyboard.
const LONG_FLOW_MS = 300_000;

type Level = { readonly id: number; readonly game: { readonly type: string; readonly name: string } };
type SessionItem = { readonly id: number; readonly reviewed: boolean };

/** The number in the "Games to review" cell of a dashboard row. */
async function gamesToReview(row: Locator): Promise<number> {
  return Number(await row.getByRole("cell").nth(2).innerText());
}

test("an SLP reviews a session by keyboard: corrects an attempt, adds and edits a note, marks it reviewed, and the dashboard count drops", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);

  // A patient waiting for review whose newest page of some exercise holds a pending session.
  const dashboardRows = page.getByRole("table", { name: "Your patients" }).getByRole("row");
  await expect(dashboardRows.nth(1)).toBeVisible();
  const rowCount = await dashboardRows.count();
  let chosen: { row: Locator; name: string; before: number; level: Level } | null = null;
  for (let index = 1; index < rowCount && chosen === null; index += 1) {
    const row = dashboardRows.nth(index);
    const before = await gamesToReview(row);
    if (before === 0) continue;
    const href = await row.getByRole("rowheader").getByRole("link").getAttribute("href");
    const patientId = Number(href?.split("/").at(-1));
    const levels = await apiGet<Level[]>(page, await headers(), `/api/patients/${patientId}/game-levels/`);
    for (const level of levels) {
      const sessions = await apiGet<{ results: SessionItem[] }>(page, await headers(), `/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=10`);
      if (sessions.results.some((session) => !session.reviewed)) {
        chosen = { row, name: (await row.getByRole("rowheader").getByRole("link").innerText()).trim(), before, level };
        break;
      }
    }
  }
  if (chosen === null) throw new Error("no demo patient of the SLP has a pending session on a first page");
  const { name: patientName, before, level } = chosen;

  await activate(page, chosen.row.getByRole("rowheader").getByRole("link"), { max: 80 });
  await expect(pageHeading(page)).toHaveText(patientName);
  await expect(pageHeading(page)).toBeFocused();

  // The patient's exercises lead to the exercise overview.
  await activate(page, page.getByRole("main").getByRole("link", { name: new RegExp(`^${level.game.name}, `) }), { max: 60 });
  await expect(pageHeading(page)).toHaveText(level.game.name);
  await expect(pageHeading(page)).toBeFocused();
  await expectBreadcrumb(page, ["Patients", patientName, level.game.name]);
  const sessionsTable = page.getByRole("table", { name: "Sessions, newest first" });
  await expect(sessionsTable.getByRole("row").nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const pendingRow = sessionsTable.getByRole("row").filter({ hasText: "Pending" }).first();
  const start = await pendingRow.getByRole("link").innerText();
  await activate(page, pendingRow.getByRole("link"), { max: 80 });
  await expect(pageHeading(page)).toHaveText(`${level.game.name} session`);
  await expect(pageHeading(page)).toBeFocused();
  await expectBreadcrumb(page, ["Patients", patientName, level.game.name, start]);
  await expect(page.getByText("This session has not been reviewed yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Correct the first editable attempt: its result, and its score where the game has one.
  // The edit action names what it edits and the attempt ("Edit score of challenge 1, attempt 2").
  const correct = page.getByRole("button", { name: /^Edit (score|result) of challenge \d+, attempt \d+$/ }).first();
  const editName = (await correct.getAttribute("aria-label")) ?? "";
  const label = editName.replace(/^Edit (score|result) of /, "");
  await activate(page, correct, { max: 200 });
  const editor = page.getByRole("form", { name: label });
  await expect(editor).toBeVisible();
  const score = editor.getByRole("textbox", { name: "Score (0 to 1)" });
  const result = editor.getByRole("combobox", { name: "Result", exact: true });
  // The editor opens with the focus on its first field: the score where the game has one, else the result.
  if ((await score.count()) === 0) await expect(result).toBeFocused();
  else {
    await expect(score).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("1.5");
    await activate(page, editor.getByRole("button", { name: "Save correction" }), { max: 10 });
    await expect(editor.getByText("The score must be between 0 and 1 in steps of 0.1")).toBeVisible();
    await tabTo(page, score, { max: 10, backwards: true });
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("0.7");
  }
  const currentResult = await shownIn(result);
  const newResult = currentResult.includes("Correct") ? "Wrong" : "Correct";
  await chooseInSelect(page, result, newResult, { max: 10 });
  await activate(page, editor.getByRole("button", { name: "Save correction" }), { max: 10 });
  await expect(editor).toBeHidden();
  const correctedRow = page.getByRole("row").filter({ has: page.getByRole("button", { name: editName, exact: true }) });
  await expect(correctedRow.getByText(/^Corrected by Sophie Speech on /)).toBeVisible();
  await expect(page.getByRole("button", { name: editName, exact: true })).toBeFocused();
  await activate(page, correctedRow.getByRole("button", { name: `Show original of ${label}` }), { max: 5 });
  await expect(correctedRow.getByText("Original result")).toBeVisible();

  // A note on the same attempt, then an edit of it.
  const noteText = `Self-corrected after a hint ${Date.now().toString(36)}`;
  // The notes column comes before the actions column: back from "Show original".
  await activate(page, correctedRow.getByRole("button", { name: `Add note on ${label}` }), { max: 10, backwards: true });
  const noteBox = page.getByRole("textbox", { name: "Note" });
  await expect(noteBox).toBeFocused();
  await page.keyboard.type(noteText);
  await activate(page, page.getByRole("button", { name: "Save note" }), { max: 10 });
  await expect(correctedRow.getByText(noteText)).toBeVisible();
  await expect(correctedRow.getByRole("button", { name: `Add note on ${label}` })).toBeFocused();
  await activate(page, correctedRow.getByRole("button", { name: `Edit note on ${label}` }).last(), { max: 10, backwards: true });
  await expect(noteBox).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`${noteText}, edited`);
  await activate(page, page.getByRole("button", { name: "Save note" }), { max: 10 });
  await expect(correctedRow.getByText(`${noteText}, edited`)).toBeVisible();
  await expect(correctedRow.getByText(/edited by Sophie Speech/).last()).toBeVisible();

  // Mark the session reviewed; the dashboard's count for the patient drops by one.
  await activate(page, page.getByRole("button", { name: "Mark as reviewed" }), { max: 200, backwards: true });
  await expect(page.getByText(/^Reviewed by Sophie Speech on /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen review" })).toBeVisible();

  // The reviewed session's note for the EMR (issue 37): Copy note by keyboard, read back from the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  // The mark moves the focus to the offer of the next session (just after Copy note) when the queue
  // answers, and again when it answers anew, or leaves it on Reopen review: from Reopen review,
  // forward, until the focus rests on Copy note.
  await expect(page.getByText("Finding the next pending session…")).toHaveCount(0);
  const copyNote = page.getByRole("button", { name: "Copy note" });
  await expect(async () => {
    await tabTo(page, page.getByRole("button", { name: "Reopen review" }), { max: 10, backwards: true });
    await tabTo(page, copyNote, { max: 5 });
  }).toPass({ timeout: 60_000 });
  await page.keyboard.press("Enter");
  await expect(politeRegion(page)).toContainText("Note copied");
  await expect(toast(page).getByText("Note copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Patient: ${patientName}`);
  expect(copied).toContain(`Game: ${level.game.name}, `);
  expect(copied).toMatch(/^Accuracy before correction: (\d+(\.\d)?%|Not available)$/m);
  expect(copied).toMatch(/^Accuracy after correction: (\d+(\.\d)?%|Not available) \(\d+ attempts? corrected\)$/m);
  expect(copied).toMatch(/^Time spent: /m);
  expect(copied).toContain(`${noteText}, edited`);
  expect(copied).toMatch(/^Reviewed by Sophie Speech on /m);
  await expectNoSeriousA11yViolations(page);

  await activate(page, sidebarLink(page, "Dashboard"), { max: 300, backwards: true });
  await expectPath(page, "/dashboard");
  const patientRow = page.getByRole("table", { name: "Your patients" }).getByRole("row").filter({ has: page.getByRole("link", { name: patientName }) });
  await expect.poll(() => gamesToReview(patientRow)).toBe(before - 1);
});

test("an SLP opens a session of each of the eight game types, plays a recorded answer and enlarges a picture by keyboard", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await expect(page.getByRole("table", { name: "Your patients" }).getByRole("row").nth(1)).toBeVisible();

  // One played level of each game among the SLP's patients.
  const patients = await apiGet<{ results: { id: number }[] }>(page, await headers(), "/api/patients/?page_size=100&page=1");
  const byType = new Map<string, { patientId: number; level: Level }>();
  for (const patient of patients.results) {
    if (byType.size === 8) break;
    const levels = await apiGet<Level[]>(page, await headers(), `/api/patients/${patient.id}/game-levels/`);
    for (const level of levels) {
      if (byType.has(level.game.type)) continue;
      const sessions = await apiGet<{ count: number }>(page, await headers(), `/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=1`);
      if (sessions.count > 0) byType.set(level.game.type, { patientId: patient.id, level });
    }
  }
  expect([...byType.keys()].sort()).toEqual(["chitchat_ai", "medication_management", "memory_grid", "naming", "parrot", "pill_sorting", "social_situations", "verbal_fluency"]);

  let played = false;
  let shownImage = false;
  for (const { patientId, level } of byType.values()) {
    await page.goto(`/details-panel/patient/${patientId}/level/${level.id}`);
    await expect(pageHeading(page)).toHaveText(level.game.name);
    const firstSession = page.getByRole("table", { name: "Sessions, newest first" }).getByRole("row").nth(1).getByRole("link");
    await activate(page, firstSession, { max: 80 });
    await expect(pageHeading(page)).toHaveText(`${level.game.name} session`);
    await expect(pageHeading(page)).toBeFocused();
    await expect(page.getByRole("main").getByRole("table").first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: /Invalid|Unsupported/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A picture opens larger in a dialog and Escape brings the focus back to it.
    const picture = page.getByRole("button", { name: /^Show image: / }).first();
    if (!shownImage && (await picture.count()) > 0) {
      const alt = ((await picture.getAttribute("aria-label")) ?? "").replace(/^Show image: /, "");
      await activate(page, picture, { max: 80 });
      const dialog = page.getByRole("dialog", { name: alt });
      await expect(dialog.getByRole("img", { name: alt })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(picture).toBeFocused();
      shownImage = true;
    }

    const play = page.getByRole("button", { name: /^Play (Response audio|User Response)/ }).first();
    if (!played && (await play.count()) > 0) {
      await activate(page, play, { max: 80 });
      await expect
        .poll(() => page.locator("audio").evaluateAll((elements) => elements.some((element) => (element as HTMLAudioElement).played.length > 0)))
        .toBe(true);
      played = true;
    }
  }
  expect(played, "no session offered a recorded answer to play").toBe(true);
  expect(shownImage, "no session offered a picture").toBe(true);
});

/** Presses Tab until `target` has the focus and answers how many presses it took; fails past `max`. */
async function tabsTo(page: Page, target: Locator, max: number): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return presses;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${String(target)} was not focused after ${max} Tabs`);
}

// Issue 31: from the dashboard to a session, where "Mark as reviewed" and an attempt's "Add note"
// are a few Tabs from the heading (they took 33-36), and a session whose attempts the game locked
// says so in words, with a way to the sessions the SLP can correct.
test("on a session, 'Mark as reviewed' and an attempt's 'Add note' are a few Tabs from the heading; locked scores are said in words", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Start reviewing" })).toBeVisible();
  const oldest = await apiGet<{ session: { correctable_attempts: number } | null }>(page, await headers(), "/api/review-queue/next/?scope=caseload");
  if (oldest.session === null) throw new Error("nothing waits for review in the demo SLP's caseload");
  const lockedFirst = oldest.session.correctable_attempts === 0;
  if (lockedFirst) await expect(main.getByText(/The oldest one's attempts are all locked by the game/)).toBeVisible();

  await activate(page, main.getByRole("link", { name: "Start reviewing" }), { max: 30 });
  await expect(pageHeading(page)).toHaveText(/ session$/);
  await expect(pageHeading(page)).toBeFocused();
  await expect(main.getByRole("table").first()).toBeVisible();
  if (lockedFirst) {
    await expect(main.getByText("Scores from this game can't be corrected: the game locked them. You can still read them, add notes and mark the session reviewed.")).toBeVisible();
    await expect(main.getByRole("button", { name: /^Edit (score|result) of / })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);

  // The count starts at the heading, where the page puts the focus on arrival.
  const toMark = await tabsTo(page, main.getByRole("button", { name: "Mark as reviewed" }), 40);
  const toNotes = toMark + (await tabsTo(page, main.getByRole("button", { name: "Add note on an attempt" }), 40));
  expect(toMark, "Tabs from the heading to Mark as reviewed").toBeLessThanOrEqual(2);
  expect(toNotes, "Tabs from the heading to Add note").toBeLessThanOrEqual(3);
  await page.keyboard.press("Enter");
  const firstAddNote = main.getByRole("button", { name: /^Add note on challenge \d+, attempt \d+$/ }).first();
  await expect(firstAddNote).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("textbox", { name: "Note" })).toBeFocused();
  await page.keyboard.press("Escape");
  // From deep in the attempts, r brings the focus back to the review mark (Tab would wrap round the page).
  await main.getByRole("button", { name: /^Add note on challenge \d+, attempt \d+$/ }).last().focus();
  await page.keyboard.press("r");
  await expect(main.getByRole("button", { name: "Mark as reviewed" })).toBeFocused();

  if (lockedFirst) {
    // The walk can skip what the game locked: the switch is in words, and keeps the caseload walk.
    const nav = main.getByRole("navigation", { name: "Review queue" });
    await expect(nav.getByText(/Stepping through every pending session, locked ones included\./)).toBeVisible();
    await activate(page, nav.getByRole("link", { name: "Only sessions with attempts you can correct" }), { max: 60, backwards: true });
    await expect(page).toHaveURL((url) => url.search === "?queue=caseload&only=correctable");
    await expect(nav.getByText(/Stepping through sessions with attempts you can correct\./)).toBeVisible();
    // n goes where the Next link goes, once the filtered step has answered.
    await expect(nav.getByRole("link", { name: "Next pending session" })).toHaveAttribute("href", /only=correctable$/);
    await page.keyboard.press("n");
    await expect(pageHeading(page)).toHaveText(/ session$/);
    await expect(page).toHaveURL((url) => url.search === "?queue=caseload&only=correctable");
    await expect(main.getByRole("button", { name: /^Edit (score|result) of / }).first()).toBeVisible();
  }
});
