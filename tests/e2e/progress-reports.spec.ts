import { writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { GameType } from "../../domain/shared/games/game-type.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { readTaggedPdf } from "./support/pdf.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 37, "Progress reports" (docs/progress-reports.md): an SLP, by keyboard only, drafts a report
// for a demo patient with a goal, sees each goal's baseline and status in the report, is refused
// signing while the plan is empty (the focus on the plan), fills it, signs and sees the SHA-256;
// then the browser's tagged PDF of the report has a structure tree with its headings and a table.
// axe finds nothing serious on each screen. The limit leaves room for a loaded 2-core machine.
const FLOW_MS = 240_000;

type PatientRow = { readonly id: number; readonly first_name: string; readonly last_name: string };
type Level = { readonly id: number; readonly game: { readonly type: GameType } };

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

test("an SLP drafts a progress report by keyboard, is refused signing without a plan, signs it, and prints a tagged PDF", async ({ page }, testInfo) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  const { patient, game } = await patientWithSessions(page, await headers());
  const { today } = await apiGet<{ today: string }>(page, await headers(), `/api/patients/${patient.id}/goals/`);
  // Four goals the report addresses (the print's measure is 1-2 pages for four), written through the
  // API: the goals spec writes one by keyboard.
  const labels: string[] = [];
  for (const [index, accuracy] of [80, 70, 90, 60].entries()) {
    const goal = await page.request.post(`/api/patients/${patient.id}/goals/`, {
      headers: { ...(await headers()), "content-type": "application/json" },
      data: { kind: "long_term", statement: `Goal ${index + 1}: names objects ${Date.now().toString(36)}`, game_types: [game], min_level: "easy", min_accuracy: accuracy, sessions: 3, window: "consecutive", start_date: today, due_date: "2099-12-31" },
    });
    expect(goal.status()).toBe(201);
    labels.push(((await goal.json()) as { label: string }).label);
  }
  const label = labels[0] ?? "";

  await page.goto(`/patient/${patient.id}`);
  await expect(pageHeading(page)).toHaveText(`${patient.first_name} ${patient.last_name}`);
  const section = page.getByRole("region", { name: "Progress reports" });
  await expect(section.getByRole("heading", { level: 2, name: "Progress reports" })).toBeVisible();
  await expect(section).toContainText(/Next report (overdue|due soon|due)/);
  await expectNoSeriousA11yViolations(page);

  await activate(page, section.getByRole("button", { name: "Draft a report" }), { max: 250 });
  const report = section.getByRole("article", { name: "Progress report" });
  const measures = report.getByRole("table", { name: `${label} measures` });
  await expect(measures).toBeVisible();
  for (const each of labels) await expect(report.getByRole("table", { name: `${each} measures` })).toBeVisible();
  await expect(measures).toContainText(/(\d+(\.\d)?% \(from sessions before the start\)|Not available)/);
  await expect(measures).toContainText(/(In progress|Improving|Worsening|No change|Achieved|Sustaining)/);
  await expectNoSeriousA11yViolations(page);

  // Sign with the plan empty: refused, the message on the plan and the focus on it.
  await activate(page, report.getByRole("button", { name: "Sign the report" }), { max: 60 });
  const plan = report.getByRole("textbox", { name: /^Plan/ });
  await expect(report.getByText("The plan is required")).toBeVisible();
  await expect(plan).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type("Continue naming practice twice weekly.");
  await tabTo(page, report.getByRole("textbox", { name: /^Your credentials/ }), { max: 4 });
  await page.keyboard.type("MS, CCC-SLP");
  await activate(page, report.getByRole("button", { name: "Sign the report" }), { max: 10 });
  await expect(report.getByText(/^SHA-256 of the signed content: [0-9a-f]{64}$/)).toBeVisible();
  await expect(report.getByRole("button", { name: "Sign the report" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Print: the browser's tagged PDF of the page in print media holds the report alone.
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ tagged: true, format: "Letter", printBackground: false });
  const path = testInfo.outputPath("progress-report.pdf");
  await writeFile(path, pdf);
  await testInfo.attach("progress-report.pdf", { path, contentType: "application/pdf" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // What a PDF reader finds: one or two pages, the title and language, and a structure tree with
  // the report's headings and its measures as tables (header cells and a caption).
  const read = await readTaggedPdf(pdf);
  expect(read.pages).toBeGreaterThanOrEqual(1);
  expect(read.pages).toBeLessThanOrEqual(2);
  expect(read.language).toBe("en");
  expect(read.title).toContain(patient.last_name);
  expect(read.roles).toEqual(expect.arrayContaining(["H3", "H4", "H5", "Table", "TH", "TD", "Caption"]));
  // A table of measures per goal, and the adherence figures.
  expect(read.roles.filter((role) => role === "Table").length).toBeGreaterThan(labels.length);
  expect(read.text).toContain("Continue naming practice twice weekly.");
  for (const each of labels) expect(read.text).toContain(each);
  console.log(`progress report PDF, ${labels.length} goals: ${pdf.length} bytes, ${read.pages} page(s)`);
  testInfo.annotations.push({ type: "pdf", description: `${labels.length} goals, ${pdf.length} bytes, ${read.pages} page(s)` });
});
