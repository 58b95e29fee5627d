import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { expectPath, pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";
import { captureApiHeaders } from "./support/api.ts";

// Issue 13: an institution admin builds a template of two games at two levels each and assigns it
// to three patients found by search, which their SLP then sees; an SLP assigns two exercises to one
// patient from the patient's record, by keyboard, sees them on the record and finds the patient by
// that game level in the patients list; and a content preview is cancelled and then fails while
// the browser is offline.
const LONG_FLOW_MS = 300_000;

type Game = { readonly id: number; readonly name: string; readonly levels_available: readonly string[] };

/** Types into a field by keyboard, replacing what it held. */
async function typeOver(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field, { max: 30 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** The lowest value a number field's description ("1 to 5") allows. */
async function lowestAllowed(field: Locator): Promise<string> {
  const description = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(description.split(" ").filter(Boolean).map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  const range = texts.map((text) => /^(\d+) to (\d+)$/.exec(text.trim())).find((match) => match !== null);
  return range?.[1] ?? "1";
}

test("an SLP assigns two exercises to a patient from the record by keyboard, and finds the patient by that game level", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/patients");
  const firstPatient = page.getByRole("table", { name: "Patients" }).getByRole("rowheader").first().getByRole("link");
  await expect(firstPatient).toBeVisible();
  const patientName = (await firstPatient.innerText()).trim();
  const patientId = Number((await firstPatient.getAttribute("href"))?.split("/").at(-1));

  // Two games the patient is not yet assigned at their easiest level.
  const catalogue = (await (await page.request.get("/api/games/", { headers: await headers() })).json()) as Game[];
  const assigned = (await (await page.request.get(`/api/patients/${patientId}/game-levels/`, { headers: await headers() })).json()) as { game: { id: number }; difficulty: string }[];
  const easiest = (game: Game) => game.levels_available[0] ?? "easy";
  const fresh = catalogue.filter((game) => !assigned.some((level) => level.game.id === game.id && level.difficulty === easiest(game))).slice(0, 2);
  expect(fresh).toHaveLength(2);

  await activate(page, firstPatient, { max: 60 });
  await expect(pageHeading(page)).toHaveText(patientName);
  await activate(page, page.getByRole("button", { name: "Assign exercises" }), { max: 40 });
  await expectPath(page, "/exercises");
  await expect(pageHeading(page)).toHaveText("Exercises");
  await expect(pageHeading(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  for (const game of fresh) {
    const box = page.getByRole("checkbox", { name: new RegExp(`^${game.name} \\(`) });
    await tabTo(page, box, { max: 40 });
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
  }
  await expect(page.getByText("2 games selected")).toBeVisible();
  await activate(page, page.getByRole("button", { name: "Assign selected" }), { max: 20 });
  await expectPath(page, "/create/assign");
  await expect(pageHeading(page)).toHaveText("Assign exercises");
  await expect(pageHeading(page)).toBeFocused();
  await expect(page.getByText(patientName)).toBeVisible();

  for (const game of fresh) {
    const form = page.getByRole("group", { name: game.name, exact: true });
    await expect(form).toBeVisible();
    for (const label of ["Challenges", "Trials", "Minimum repetitions per day", "Maximum repetitions per day"]) {
      const field = form.getByRole("textbox", { name: label });
      await expect(field).toHaveAttribute("aria-describedby", /.+/);
      await typeOver(page, field, await lowestAllowed(field));
    }
  }
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Assign", exact: true }), { max: 30 });

  // Back on the record, which now lists both exercises.
  await expectPath(page, `/patient/${patientId}`);
  const levelLabel = (difficulty: string) => `${difficulty.charAt(0).toUpperCase()}${difficulty.slice(1)} level`;
  for (const game of fresh) await expect(page.getByRole("link", { name: `${game.name}, ${levelLabel(easiest(game))}` })).toBeVisible();

  // The patients list filtered by one of those game levels finds the patient.
  const [first] = fresh;
  if (first === undefined) throw new Error("no game");
  await page.goto(`/patients?level=${first.id}:${easiest(first)}`);
  await expect(page.getByRole("table", { name: "Patients" }).getByRole("link", { name: patientName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a content preview can be cancelled, and says 'Error downloading file' when the browser is offline", async ({ page, context }) => {
  test.setTimeout(LONG_FLOW_MS);
  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/exercises");
  await expect(pageHeading(page)).toHaveText("Exercises");
  const preview = page.getByRole("button", { name: /^Preview: .*Easy level$/ }).first();
  const levelName = ((await preview.getAttribute("aria-label")) ?? "").replace(/^Preview: /, "");

  // A slow network keeps the download running long enough to cancel it.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 2_000, downloadThroughput: 2_000, uploadThroughput: 2_000 });
  await activate(page, preview, { max: 60 });
  const cancel = page.getByRole("button", { name: `Cancel the ${levelName} download` });
  await expect(cancel).toBeFocused();
  await expect(page.getByRole("progressbar", { name: `Downloading ${levelName}` })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Preview: ${levelName}` })).toBeFocused();

  // Offline, the download fails with the spec's words and offers Try again.
  await cdp.send("Network.emulateNetworkConditions", { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Error downloading file" })).toBeVisible();
  const again = page.getByRole("button", { name: `Try again: ${levelName}` });
  await expect(again).toBeFocused();

  // Back online, Try again shows the items.
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: new RegExp(`^Preview: ${levelName}`) })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

type PatientRow = { readonly id: number; readonly first_name: string; readonly last_name: string; readonly email: string };

test("an institution admin builds a template of two games at two levels each, assigns it to three patients found by search, and their SLP sees it", async ({ browser }) => {
  test.setTimeout(LONG_FLOW_MS);
  // Three of the SLP's active patients, seen from the SLP's side.
  const slpPage = await (await browser.newContext()).newPage();
  const slpHeaders = captureApiHeaders(slpPage);
  await openSignedIn(slpPage, ACCOUNTS.slp);
  await expect(slpPage.getByRole("table", { name: "Your patients" }).getByRole("row").nth(1)).toBeVisible();
  const caseload = (await (await slpPage.request.get("/api/patients/?page_size=20&page=1&status=active", { headers: await slpHeaders() })).json()) as { results: PatientRow[] };
  const chosen = caseload.results.slice(-3);
  expect(chosen).toHaveLength(3);

  const page = await (await browser.newContext()).newPage();
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.admin);
  await page.goto("/exercises");
  await expect(pageHeading(page)).toHaveText("Exercise templates");
  await expectNoSeriousA11yViolations(page);
  const institutionId = Number(((await (await page.request.get("/api/users/me/", { headers: await headers() })).json()) as { institution: { id: number } }).institution.id);
  const offered = (await (await page.request.get(`/api/institutions/${institutionId}/games/`, { headers: await headers() })).json()) as { id: number; name: string; levels: { difficulty: string }[] }[];
  const twoLevelGames = offered.filter((game) => game.levels.length >= 2).slice(0, 2);
  expect(twoLevelGames).toHaveLength(2);

  // The template: two games, two levels each.
  const templateName = `Speech start ${Date.now().toString(36)}`;
  await activate(page, page.getByRole("button", { name: "Create template" }), { max: 80 });
  const dialog = page.getByRole("dialog", { name: "New template" });
  await expect(dialog).toBeVisible();
  await typeOver(page, dialog.getByRole("textbox", { name: "Template name" }), templateName);
  for (const game of twoLevelGames) {
    const levels = dialog.getByRole("group", { name: `${game.name} levels` });
    for (const level of ["Easy level", "Medium level"]) {
      const box = levels.getByRole("checkbox", { name: level });
      await tabTo(page, box, { max: 40 });
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
  }
  await activate(page, dialog.getByRole("button", { name: "Create template" }), { max: 40 });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader", { name: templateName })).toBeVisible();

  // Assign it from its row: choosing the template is the selection /create/assign/ needs, no game ticked.
  const [firstGame] = twoLevelGames;
  if (firstGame === undefined) throw new Error("no game");
  await activate(page, page.getByRole("button", { name: `Assign ${templateName}` }), { max: 120 });
  await expectPath(page, "/create/assign");
  await expect(pageHeading(page)).toBeFocused();
  await expect(page.getByText(`Assigning the template “${templateName}” as it is.`)).toBeVisible();
  // The template select on the page shows it, reached by keyboard (choosing it again changes nothing).
  await chooseInSelect(page, page.getByRole("combobox", { name: "Start from a template", exact: true }), templateName, { max: 30 });
  await expect(page.getByRole("list", { name: `What ${templateName} assigns` })).toBeVisible();
  for (const patient of chosen) {
    await typeOver(page, page.getByRole("searchbox", { name: "Search patients" }), `${patient.first_name} ${patient.last_name}`);
    const tick = page.getByRole("checkbox", { name: `${patient.first_name} ${patient.last_name} (${patient.email})` });
    await tabTo(page, tick, { max: 30 });
    await page.keyboard.press("Space");
    await expect(tick).toBeChecked();
  }
  await expectNoSeriousA11yViolations(page);
  await activate(page, page.getByRole("button", { name: "Assign to 3 patients" }), { max: 40, backwards: false });
  await expectPath(page, "/patients");

  // The SLP sees the levels on a patient's record and finds the patients by one of them.
  const [someone] = chosen;
  if (someone === undefined) throw new Error("no patient");
  await slpPage.goto(`/patient/${someone.id}`);
  for (const game of twoLevelGames) {
    await expect(slpPage.getByRole("link", { name: `${game.name}, Easy level` })).toBeVisible();
    await expect(slpPage.getByRole("link", { name: `${game.name}, Medium level` })).toBeVisible();
  }
  await slpPage.goto(`/patients?level=${firstGame.id}:medium`);
  for (const patient of chosen) {
    await expect(slpPage.getByRole("table", { name: "Patients" }).getByRole("link", { name: `${patient.first_name} ${patient.last_name}` })).toBeVisible();
  }
});
