import type { Page } from "@playwright/test";
import { gameTypeName, type GameType } from "../../domain/shared/games/game-type.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectEnhancedTextContrast, expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 37, "Goals" (docs/goals.md): an SLP, by keyboard only, writes a measurable goal for one of
// their demo patients on the patient record, is shown every missing part on its field first, and
// then sees the goal with its criterion in words, its baseline worked out from the sessions before
// the start, and its status; axe finds nothing serious. Usually about 30 s; the limit leaves room
// for a loaded 2-core machine.
const FLOW_MS = 180_000;

type PatientRow = { readonly id: number; readonly first_name: string; readonly last_name: string };
type Level = { readonly id: number; readonly game: { readonly type: GameType; readonly name: string } };

/** One of the SLP's active patients with an exercise that has sessions, and that exercise's game. */
async function patientWithSessions(page: Page, headers: Record<string, string>) {
  const patients = await apiGet<{ results: PatientRow[] }>(page, headers, "/api/patients/?page=1&page_size=10&status=active");
  for (const patient of patients.results) {
    const levels = await apiGet<Level[]>(page, headers, `/api/patients/${patient.id}/game-levels/`);
    for (const level of levels) {
      const sessions = await apiGet<{ count: number }>(page, headers, `/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=1`);
      if (sessions.count >= 3) return { patient, game: level.game.type };
    }
  }
  throw new Error("no active demo patient of the SLP has an exercise with three sessions");
}

/** yyyy-MM-dd `days` after `day`. */
const daysAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("an SLP writes a goal by keyboard, is shown the missing parts on their fields, then sees its baseline and status", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  const { patient, game } = await patientWithSessions(page, await headers());
  const { today } = await apiGet<{ today: string }>(page, await headers(), `/api/patients/${patient.id}/goals/`);
  const statement = `Names everyday objects in ${game.replace("_", " ")} practice ${Date.now().toString(36)}`;
  const name = `${patient.first_name} ${patient.last_name}`;

  await page.goto(`/patient/${patient.id}`);
  await expect(pageHeading(page)).toHaveText(name);
  const section = page.getByRole("region", { name: "Goals" });
  await expect(section.getByRole("heading", { level: 2, name: "Goals" })).toBeVisible();

  // The form opens on the statement; saving it empty marks every missing part and focuses the first.
  await activate(page, section.getByRole("button", { name: "Add a goal" }), { max: 200 });
  const form = section.getByRole("group", { name: "New goal" });
  const statementField = form.getByRole("textbox", { name: /^Goal statement/ });
  await expect(statementField).toBeFocused();
  await activate(page, form.getByRole("button", { name: "Save the goal" }), { max: 40 });
  await expect(form.getByText("The goal statement is required")).toBeVisible();
  await expect(form.getByText("The game is required")).toBeVisible();
  await expect(form.getByText("The accuracy is required")).toBeVisible();
  await expect(form.getByText("The due date is required")).toBeVisible();
  await expect(statementField).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Fill it in: the statement, the patient's game at easy level or harder, 80 % over 3 consecutive sessions, due in 60 days.
  await page.keyboard.type(statement);
  await tabTo(page, form.getByRole("checkbox", { name: gameTypeName(game) }), { max: 20 });
  await page.keyboard.press("Space");
  await expect(form.getByRole("checkbox", { name: gameTypeName(game) })).toBeChecked();
  await chooseInSelect(page, form.getByRole("combobox", { name: /^Level at least/ }), "Easy or harder", { max: 20 });
  await tabTo(page, form.getByRole("textbox", { name: /^Accuracy at least/ }), { max: 3 });
  await page.keyboard.type("80");
  await tabTo(page, form.getByRole("textbox", { name: /^Sessions \(N\)/ }), { max: 6 });
  await page.keyboard.type("3");
  const [year, month, day] = daysAfter(today, 60).split("-");
  await tabTo(page, form.getByRole("group", { name: "Due date" }).getByRole("spinbutton").first(), { max: 8 });
  await page.keyboard.type(`${month}${day}${year}`);
  await activate(page, form.getByRole("button", { name: "Save the goal" }), { max: 20 });

  // The form closes, the focus is back on "Add a goal", and the goal shows with its baseline and status.
  await expect(form).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Add a goal" })).toBeFocused();
  const card = section.getByRole("listitem").filter({ hasText: statement });
  await expect(card.getByRole("heading", { level: 3, name: /^LTG-\d+ \(long-term\)$/ })).toBeVisible();
  await expect(card).toContainText(`${gameTypeName(game)} at easy level or harder, at least 80% accurate (after corrections) over 3 consecutive sessions`);
  // The demo sessions lie before today's start: the baseline is theirs; a session played today would already count as current.
  await expect(card).toContainText(/Baseline \d+(\.\d)?% \(from [1-3] sessions? before the start\) -> (no sessions since the start|current \d+(\.\d)?%) -> target 80%/);
  await expect(card).toContainText(/Status: (In progress|Improving|Worsening|No change|Achieved|Sustaining)/);
  await expect(card.getByRole("img")).toHaveAttribute("aria-label", /^LTG-\d+ is [a-z -]+: /);
  await expectNoSeriousA11yViolations(page);
  await expectEnhancedTextContrast(page);
});
