/**
 * The keyboard cost of an SLP's review workday (issue 23, "Done when"): five pending sessions
 * reviewed from the dashboard by keyboard alone, counting every Tab / Shift+Tab, every other key
 * and the wall time. Not part of `npm test`.
 *
 * How to run (one browser, one server; each run on a fresh copy of the demo data):
 *   node scripts/measure-review-workday.mjs --flow before --runs 3
 *   node scripts/measure-review-workday.mjs --flow after --runs 3 [--entry patient] [--shortcuts]
 * or directly: MEASURE_FLOW=before npx playwright test -c tests/e2e/measure/playwright.measure.config.ts
 * The server serves the built client: run `npx vite build` first in the checkout measured.
 *
 * The flows (what a keyboard user does; the script reads the screen but moves only by keys):
 * - before: the current UI has no queue. Dashboard → the first patient with games to review →
 *   each assigned exercise in turn (the patient page does not say which holds pending sessions) →
 *   its session pages with Next → a "Pending" session → "Mark as reviewed" → back through the
 *   breadcrumb (the overview opens on page 1 again) → ... until five are reviewed; a patient with
 *   nothing left sends the SLP back to the dashboard for the next one.
 * - after: the review queue. Dashboard → "Start reviewing" (the caseload walk; with
 *   MEASURE_ENTRY=patient, or without that link: the before flow's patient → "Review next") →
 *   "Mark as reviewed" → the offer to go on ("Next pending session: …") → ... five times. With
 *   MEASURE_SHORTCUTS=1 the step on is the `n` shortcut instead of the offered link.
 * Each control is reached by Tab or Shift+Tab, whichever way is shorter in the page's tab order
 * (as a person who knows the page would), never by a click.
 *
 * The summary (keys by name, Tab presses per kind of step, the sessions reviewed) is printed as
 * one line starting with MEASURE_JSON and written to MEASURE_OUT (a folder) when set. The seconds
 * run from the dashboard on screen to the fifth review confirmed, key round trips included: they
 * compare flows on one machine, not a person's speed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test as base, type Locator, type Page } from "@playwright/test";
import { breadcrumbNav, pageHeading, sidebarLink } from "../support/shell.ts";
import { openSignedIn } from "../support/signed-in-state.ts";
import { ACCOUNTS } from "../support/sign-in.ts";
import { startTestServer } from "../support/test-server.ts";

const FLOW = process.env.MEASURE_FLOW === "after" ? "after" : "before";
const USE_SHORTCUTS = process.env.MEASURE_SHORTCUTS === "1";
// Where the after flow starts its walk: the dashboard's "Start reviewing" (the caseload, oldest
// first), or "patient": the first dashboard patient with games to review and its "Review next",
// the same patient the before flow opens.
const ENTRY = process.env.MEASURE_ENTRY === "patient" ? "patient" : "dashboard";
const SESSIONS = Number(process.env.MEASURE_SESSIONS ?? 5);
const MAX_TABS = 200;

// A server per run (not per worker): repeated runs must each start from the same pending sessions.
const test = base.extend<{ serverUrl: string }>({
  // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
  // oxlint-disable-next-line no-empty-pattern
  serverUrl: async ({}, use) => {
    const server = await startTestServer("tests/e2e/start-test-server.mjs");
    await use(server.url);
    await server.stop();
  },
  baseURL: async ({ serverUrl }, use) => use(serverUrl),
});

/** Every key the flow presses, by name. */
class KeyLog {
  readonly counts = new Map<string, number>();
  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    await this.page.keyboard.press(key);
  }

  get tabs(): number {
    return (this.counts.get("Tab") ?? 0) + (this.counts.get("Shift+Tab") ?? 0);
  }

  /** Tab presses per kind of step ("mark reviewed", "open exercise"…): where the presses go. */
  readonly steps = new Map<string, { times: number; tabs: number }>();

  step(name: string, tabs: number): void {
    const seen = this.steps.get(name) ?? { times: 0, tabs: 0 };
    this.steps.set(name, { times: seen.times + 1, tabs: seen.tabs + tabs });
  }

  get others(): number {
    return [...this.counts.values()].reduce((sum, count) => sum + count, 0) - this.tabs;
  }
}

const isFocused = (target: Locator): Promise<boolean> => target.evaluate((element) => element === element.ownerDocument.activeElement);

// Presses from the focused element to `target` forwards and backwards, in the document's tab order
// (elements with tabIndex >= 0 that are rendered), so the flow takes the shorter way as a person
// who knows the page would. An estimate: the loop below presses until the target really has focus.
const tabDistances = (target: Locator): Promise<{ forward: number; backward: number }> =>
  target.evaluate((goal) => {
    const doc = goal.ownerDocument;
    const tabbable = [...doc.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.closest("[inert]") === null &&
        element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== "hidden",
    );
    const count = tabbable.length;
    const at = tabbable.indexOf(goal as HTMLElement);
    const active = doc.activeElement;
    const activeAt = active === null ? -1 : tabbable.indexOf(active as HTMLElement);
    if (at === -1 || count === 0) return { forward: 0, backward: Number.MAX_SAFE_INTEGER };
    if (activeAt !== -1) return { forward: (at - activeAt + count) % count, backward: (activeAt - at + count) % count };
    // The focus is on something outside the order (a heading with tabindex=-1, the body): the next
    // stop forwards is the first tabbable after it.
    const before = active === null || active === doc.body ? 0 : tabbable.filter((element) => active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING).length;
    return { forward: at >= before ? at - before + 1 : count - before + at + 1, backward: at < before ? before - at : before + count - at };
  });

/** Tab or Shift+Tab (the shorter way) until `target` has the focus; fails after MAX_TABS presses. */
async function tabTo(keys: KeyLog, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const { forward, backward } = await tabDistances(target);
  const key = backward < forward ? "Shift+Tab" : "Tab";
  for (let presses = 0; presses < MAX_TABS && !(await isFocused(target)); presses += 1) await keys.press(key);
  if (!(await isFocused(target))) throw new Error(`tabTo: ${String(target)} not focused after ${MAX_TABS} presses of ${key}`);
}

/** Tabs to a link or button and presses Enter on it. */
async function activate(keys: KeyLog, control: Locator, step: string): Promise<void> {
  const before = keys.tabs;
  await tabTo(keys, control);
  keys.step(step, keys.tabs - before);
  await keys.press("Enter");
}

/** A page was opened: its h1 reads `name` and has the focus (the shell moves it there). */
async function arrived(page: Page, name: string | RegExp): Promise<void> {
  await expect(pageHeading(page)).toHaveText(name);
  await expect(pageHeading(page)).toBeFocused();
}

const gamesToReview = async (row: Locator): Promise<number> => Number(await row.getByRole("cell").nth(2).innerText());

const markButton = (page: Page): Locator => page.getByRole("main").getByRole("button", { name: /^Mark (as )?reviewed$/ });

/** Marks the open session reviewed and waits for the server's answer on screen. */
async function markReviewed(keys: KeyLog, page: Page): Promise<void> {
  await activate(keys, markButton(page), "Mark as reviewed");
  await expect(page.getByText(/^Reviewed by Sophie Speech on /)).toBeVisible();
}

type Visit = { patient: string; exercise?: string; page?: number; session?: string };

/** What the old loop cost beyond the sessions themselves: exercises opened, in vain, and session pages turned. */
type Detours = { exercisesOpened: string[]; exercisesWithoutPending: number; pagesTurned: number };

/** The current UI: patient → exercise → session pages → session → back, as described at the top. */
async function reviewBefore(keys: KeyLog, page: Page, visits: Visit[]): Promise<Detours> {
  let reviewed = 0;
  const detours: Detours = { exercisesOpened: [], exercisesWithoutPending: 0, pagesTurned: 0 };
  while (reviewed < SESSIONS) {
    const rows = page.getByRole("table", { name: "Your patients" }).getByRole("row");
    await expect(rows.nth(1)).toBeVisible();
    let patientRow: Locator | null = null;
    let waiting = 0;
    for (let index = 1, count = await rows.count(); index < count && patientRow === null; index += 1) {
      waiting = await gamesToReview(rows.nth(index));
      if (waiting > 0) patientRow = rows.nth(index);
    }
    if (patientRow === null) throw new Error(`the dashboard lists no patient with games to review after ${reviewed}`);
    const patientLink = patientRow.getByRole("rowheader").getByRole("link");
    const patientName = (await patientLink.innerText()).trim();
    await activate(keys, patientLink, "dashboard: open the patient");
    await arrived(page, patientName);

    const exercises = page.getByRole("region", { name: "Assigned exercises" }).getByRole("link");
    await expect(exercises.first()).toBeVisible();
    const exerciseCount = await exercises.count();
    for (let exercise = 0; exercise < exerciseCount && waiting > 0 && reviewed < SESSIONS; exercise += 1) {
      const exerciseLink = exercises.nth(exercise);
      const gameName = (await exerciseLink.innerText()).replace(/, [^,]*$/, "").trim();
      await activate(keys, exerciseLink, "patient: open an exercise");
      await arrived(page, gameName);
      detours.exercisesOpened.push(`${patientName}: ${gameName}`);
      let foundHere = 0;
      let sessionPage = 1;
      for (;;) {
        const table = page.getByRole("table", { name: "Sessions, newest first" });
        const noSessions = page.getByText("No sessions played yet.");
        await expect(table.getByRole("row").nth(1).or(noSessions)).toBeVisible();
        if (await noSessions.isVisible()) break;
        await expect(table).not.toHaveAttribute("aria-busy", "true");
        // By the badge's exact text: a row's text runs its cells together ("Not availablePending").
        const pending = table.getByRole("row").filter({ has: page.getByText("Pending", { exact: true }) });
        if ((await pending.count()) > 0) {
          const sessionLink = pending.first().getByRole("link");
          const start = (await sessionLink.innerText()).trim();
          await activate(keys, sessionLink, "exercise: open a pending session");
          await arrived(page, `${gameName} session`);
          await markReviewed(keys, page);
          reviewed += 1;
          waiting -= 1;
          foundHere += 1;
          visits.push({ patient: patientName, exercise: gameName, page: sessionPage, session: start });
          if (reviewed >= SESSIONS) return detours;
          // Back to the overview by its breadcrumb step: it opens on page 1, so the SLP turns the
          // pages again to where the next pending session was.
          await activate(keys, breadcrumbNav(page).getByRole("link", { name: gameName, exact: true }), "session: back to the exercise");
          await arrived(page, gameName);
          for (let turned = 1; turned < sessionPage; turned += 1) {
            await turnPage(keys, page);
            detours.pagesTurned += 1;
          }
          if (waiting === 0) break;
          continue;
        }
        // Nothing pending on this page: the next page, if there is one (the SLP cannot know which
        // exercise or page holds the patient's pending sessions).
        const next = page.getByRole("navigation", { name: "Session pages" }).getByRole("button", { name: "Next" });
        if ((await next.count()) === 0 || (await next.isDisabled())) break;
        await turnPage(keys, page);
        detours.pagesTurned += 1;
        sessionPage += 1;
      }
      if (foundHere === 0) detours.exercisesWithoutPending += 1;
      // Back to the patient by the breadcrumb, for the next exercise.
      await activate(keys, breadcrumbNav(page).getByRole("link", { name: patientName, exact: true }), "exercise: back to the patient");
      await arrived(page, patientName);
    }
    // The patient has nothing left (or no exercise showed it): back to the dashboard.
    await activate(keys, sidebarLink(page, "Dashboard"), "patient: back to the dashboard");
    await arrived(page, "Dashboard");
  }
  return detours;
}

/** Presses the session pager's Next and waits for the new page's rows. */
async function turnPage(keys: KeyLog, page: Page): Promise<void> {
  const pager = page.getByRole("navigation", { name: "Session pages" });
  const table = page.getByRole("table", { name: "Sessions, newest first" });
  const first = await table.getByRole("row").nth(1).innerText();
  await activate(keys, pager.getByRole("button", { name: "Next" }), "exercise: next page of sessions");
  await expect(table.getByRole("row").nth(1)).not.toHaveText(first);
  await expect(table).not.toHaveAttribute("aria-busy", "true");
}

// The new UI's controls, by the names issue 23 gives them (a few spellings accepted).
const START_REVIEWING = /^Start reviewing\b/;
const REVIEW_NEXT = /^Review next\b/;
const NEXT_PENDING = /^(Next pending session|Review the next pending session|Go to the next pending session|Next session to review|Continue to the next)/i;

/** The review queue: Start reviewing (or patient → Review next) → Mark reviewed → go on, five times. */
async function reviewAfter(keys: KeyLog, page: Page, visits: Visit[]): Promise<void> {
  const main = page.getByRole("main");
  const start = main.getByRole("link", { name: START_REVIEWING }).or(main.getByRole("button", { name: START_REVIEWING }));
  await expect(page.getByRole("table", { name: "Your patients" }).getByRole("row").nth(1)).toBeVisible();
  if (ENTRY === "dashboard" && (await start.count()) > 0) {
    await activate(keys, start.first(), "dashboard: Start reviewing");
  } else {
    // The patient's walk (or no caseload walk in this UI): the first patient with games to
    // review, then the patient's "Review next".
    const rows = page.getByRole("table", { name: "Your patients" }).getByRole("row");
    let patientRow: Locator | null = null;
    for (let index = 1, count = await rows.count(); index < count && patientRow === null; index += 1) {
      if ((await gamesToReview(rows.nth(index))) > 0) patientRow = rows.nth(index);
    }
    if (patientRow === null) throw new Error("the dashboard lists no patient with games to review");
    const patientLink = patientRow.getByRole("rowheader").getByRole("link");
    const patientName = (await patientLink.innerText()).trim();
    await activate(keys, patientLink, "dashboard: open the patient");
    await arrived(page, patientName);
    const reviewNext = main.getByRole("link", { name: REVIEW_NEXT }).or(main.getByRole("button", { name: REVIEW_NEXT }));
    await activate(keys, reviewNext.first(), "patient: Review next");
  }
  for (let reviewed = 0; reviewed < SESSIONS; reviewed += 1) {
    await arrived(page, / session$/);
    await expect(page.getByText("This session has not been reviewed yet.")).toBeVisible();
    const crumbs = await breadcrumbNav(page).getByRole("listitem").allInnerTexts();
    await markReviewed(keys, page);
    visits.push({ patient: crumbs[1] ?? "", exercise: crumbs[2] ?? "", session: crumbs[3] ?? "" });
    if (reviewed + 1 >= SESSIONS) return;
    const address = page.url();
    if (USE_SHORTCUTS) {
      // The shortcut acts wherever the focus is, except in a text field (which the flow never enters).
      await keys.press("n");
    } else {
      // The offer after "Mark as reviewed" ("Next pending session: …") takes the focus when the UI
      // gives it; the flow waits for it as a person would, else tabs to any way on.
      const offer = main.getByRole("link", { name: /^Next pending session: / });
      const goOn = main.getByRole("link", { name: NEXT_PENDING }).or(main.getByRole("button", { name: NEXT_PENDING }));
      const offered = await expect(offer)
        .toBeFocused({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      await activate(keys, offered ? offer : goOn.first(), "session: next pending session");
    }
    await expect(page).not.toHaveURL(address);
  }
}

test(`an SLP reviews ${SESSIONS} pending sessions by keyboard alone (${FLOW} flow)`, async ({ page }) => {
  await openSignedIn(page, ACCOUNTS.slp);
  await expect(page.getByRole("table", { name: "Your patients" }).getByRole("row").nth(1)).toBeVisible();
  const keys = new KeyLog(page);
  const visits: Visit[] = [];
  const started = performance.now();
  let detours: Detours = { exercisesOpened: [], exercisesWithoutPending: 0, pagesTurned: 0 };
  if (FLOW === "before") detours = await reviewBefore(keys, page, visits);
  else await reviewAfter(keys, page, visits);
  const seconds = (performance.now() - started) / 1000;
  expect(visits).toHaveLength(SESSIONS);
  const summary = {
    flow: FLOW,
    shortcuts: USE_SHORTCUTS,
    entry: FLOW === "after" ? ENTRY : "dashboard",
    sessions: visits.length,
    tabPresses: keys.tabs,
    otherKeys: keys.others,
    keys: Object.fromEntries(keys.counts),
    tabsByStep: Object.fromEntries(keys.steps),
    seconds: Math.round(seconds * 10) / 10,
    ...detours,
    visits,
  };
  console.log(`MEASURE_JSON ${JSON.stringify(summary)}`);
  const out = process.env.MEASURE_OUT;
  if (out !== undefined && out !== "") {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `review-workday-${FLOW}-${test.info().repeatEachIndex}.json`), JSON.stringify(summary, null, 2));
  }
});
