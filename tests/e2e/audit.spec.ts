import { readFile } from "node:fs/promises";
import { AUDIT_EXPORT_COLUMNS } from "../../domain/audit/audit-csv.ts";
import { parseCsv } from "../../domain/shared/format/csv.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { toast } from "./support/feedback.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { pageHeading, sidebarLink } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 38, "The viewer", by keyboard: the administrator opens the audit log from the sidebar,
// filters it to one patient picked by typing their name, opens "who accessed" that patient, exports the report's CSV and reads
// it back, sees the saved alerts, and signs off last week's review; axe finds nothing serious on the way. A few minutes on
// a busy 2-core machine (one sign-in, two axe scans); the limit leaves room for a slower one.
const FLOW_MS = 300_000;

type PatientsPage = { readonly results: ReadonlyArray<{ readonly id: number; readonly first_name: string; readonly last_name: string }> };

test("an administrator filters the audit log to one patient, opens who accessed them, exports the CSV and signs off the week, by keyboard", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const problems = collectPageProblems(page);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.admin);

  // One of the institution's patients, read through the API as the portal reads it: an audited read by the administrator.
  const { results } = await apiGet<PatientsPage>(page, await headers(), "/api/patients/?page_size=1");
  const patient = results[0];
  if (patient === undefined) throw new Error("the demo institution has no patient");
  const patientId = patient.id;
  const patientName = `${patient.first_name} ${patient.last_name}`;
  await apiGet(page, await headers(), `/api/patients/${patientId}/`);

  // The sidebar's entry; the page's heading takes the focus.
  await activate(page, sidebarLink(page, "Audit log"), { max: 40 });
  await expect(pageHeading(page)).toHaveText("Audit log");
  await expect(pageHeading(page)).toBeFocused();

  // Filter to the patient: type their name, choose them from the list (arrow, Enter), apply with Enter on the button.
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  const patientField = filters.getByRole("combobox", { name: "Patient" });
  await tabTo(page, patientField, { max: 10 });
  await page.keyboard.type(patientName);
  const option = page.getByRole("option", { name: `${patientName} (patient ${patientId})` });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("data-focused", "true");
  await page.keyboard.press("Enter");
  await expect(patientField).toHaveValue(`${patientName} (patient ${patientId})`);
  await activate(page, filters.getByRole("button", { name: "Apply filters" }), { max: 40 });
  await expect(page).toHaveURL(new RegExp(`[?&]patient=${patientId}(&|$)`));
  // The address holds the id; the refilled form names the patient.
  await expect(filters.getByRole("combobox", { name: "Patient" })).toHaveValue(`${patientName} (patient ${patientId})`);
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("link", { name: `Who accessed patient ${patientId}` }).first()).toBeVisible();
  await expect(table.getByRole("row").nth(1).getByRole("link", { name: `What ${ACCOUNTS.admin.name} did` })).toBeVisible();

  // "Who accessed" one link away: the administrator is among them.
  await activate(page, page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: `Who accessed patient ${patientId}` }), { max: 20 });
  const report = page.getByRole("region", { name: `Who accessed patient ${patientId}` });
  const people = page.getByRole("table", { name: `Who accessed patient ${patientId}` });
  await expect(people.getByRole("rowheader", { name: ACCOUNTS.admin.name })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The report's CSV, downloaded through the page and read back: every row is about the patient.
  const exportButton = report.getByRole("button", { name: "Export this report as CSV" });
  await tabTo(page, exportButton, { max: 60 });
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-patient-${patientId}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const file = await download.path();
  const records = parseCsv(await readFile(file, "utf8"));
  expect(records[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
  expect(records.length).toBeGreaterThan(1);
  const patientColumn = AUDIT_EXPORT_COLUMNS.indexOf("patient id");
  expect(records.slice(1).every((record) => record[patientColumn] === String(patientId))).toBe(true);

  // The saved alerts are listed with their counts over the report's period.
  await expect(page.getByRole("region", { name: "Saved alerts" }).getByRole("listitem")).toHaveCount(5);

  // Last week's review, signed off with a note; it heads the list of sign-offs.
  const notes = page.getByRole("textbox", { name: /^Review notes/ });
  await tabTo(page, notes, { max: 200 });
  await page.keyboard.type("Checked the week's reads of one patient; nothing unusual.");
  await activate(page, page.getByRole("button", { name: "Sign off the review" }), { max: 5 });
  await expect(toast(page).filter({ hasText: "Review signed off" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Weekly review" }).getByRole("listitem").first()).toContainText(`reviewed by ${ACCOUNTS.admin.name}`);
  await expectNoSeriousA11yViolations(page);

  // The dashboard says when the last review was.
  await activate(page, sidebarLink(page, "Dashboard"), { max: 300, backwards: true });
  await expect(page.getByText(/^Last audit log review: .*reviewed by/)).toBeVisible();
  expect(problems).toEqual([]);
});

// Issue 38, "Accounting of disclosures", by keyboard: from a patient's record one button opens
// their accounting; the administrator records a disclosure and sees it listed; printed, the page
// leaves out the sidebar and the form; axe finds nothing serious.
test("an administrator records a disclosure from a patient's record and opens the patient's accounting, by keyboard", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const problems = collectPageProblems(page);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.admin);
  const { results } = await apiGet<PatientsPage>(page, await headers(), "/api/patients/?page_size=1");
  const patientId = results[0]?.id;
  if (patientId === undefined) throw new Error("the demo institution has no patient");

  await page.goto(`/patient/${patientId}`);
  await activate(page, page.getByRole("link", { name: "Accounting of disclosures" }), { max: 60 });
  await expect(pageHeading(page)).toHaveText("Accounting of disclosures");
  await expect(page).toHaveURL(new RegExp(`/audit/disclosures/${patientId}$`));
  await expect(page.getByText(/disclosures from .* \(the last 6 years\), newest first/)).toBeVisible();

  // The form: the day is today already; recipient, address, what and why typed, Tab between them.
  const recipient = `County registry ${Date.now()}`;
  await tabTo(page, page.getByRole("textbox", { name: "Recipient", exact: true }), { max: 60 });
  await page.keyboard.type(recipient);
  await page.keyboard.press("Tab");
  await page.keyboard.type("1 Main St, Springfield");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Diagnosis and session dates");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Public health reporting required by law");
  await activate(page, page.getByRole("button", { name: "Record the disclosure" }), { max: 5 });
  await expect(toast(page).filter({ hasText: `to ${recipient} recorded` })).toBeVisible();
  const table = page.getByRole("table", { name: /^Disclosures of / });
  await expect(table.getByRole("row").filter({ hasText: recipient })).toContainText("Public health reporting required by law");
  await expectNoSeriousA11yViolations(page);

  // Printed: the accounting without the sidebar, the form or the print button.
  await page.emulateMedia({ media: "print" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("button", { name: "Record the disclosure" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print the accounting" })).toBeHidden();
  await expect(page.locator("#main-navigation")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  expect(problems).toEqual([]);
});
