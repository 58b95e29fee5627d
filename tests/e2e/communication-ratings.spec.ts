import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { politeRegion, toast } from "./support/feedback.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 37 (docs/communication-ratings.md): on a patient's record an SLP rates the patient by
// keyboard at discharge, is refused while no scale is rated (the focus on the field), saves, and
// reads the scale's latest level and its change in the table; axe finds nothing serious.
const FLOW_MS = 180_000;

type PatientRow = { readonly id: number; readonly first_name: string; readonly last_name: string };

test("an SLP rates a patient's functional communication by keyboard and reads the latest level and its change", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.slp);
  await expect(pageHeading(page)).toBeVisible();
  const patients = await apiGet<{ results: PatientRow[] }>(page, await headers(), "/api/patients/?page=1&page_size=1");
  const patient = patients.results[0];
  if (patient === undefined) throw new Error("the demo SLP has no patient");
  await page.goto(`/patient/${patient.id}`);
  await expect(pageHeading(page)).toHaveText(`${patient.first_name} ${patient.last_name}`);

  const section = page.getByRole("region", { name: "Communication ratings" });
  const table = section.getByRole("table", { name: "Latest level of each scale" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveCount(8);
  const form = section.getByRole("group", { name: "Add a rating" });
  const occasion = form.getByRole("combobox", { name: "Occasion" });

  // Saved without a scale: refused before any call, the focus on the first field to fix.
  await activate(page, form.getByRole("button", { name: "Save rating" }), { max: 200 });
  await expect(occasion).toBeFocused();
  await expect(form.getByText("Rate at least one scale.")).toBeVisible();

  await chooseInSelect(page, occasion, "Discharge", { max: 5 });
  const memory = form.getByRole("combobox", { name: "Memory" });
  await chooseInSelect(page, memory, "6: Does it alone, with some limits", { max: 30 });
  await activate(page, form.getByRole("button", { name: "Save rating" }), { max: 30 });
  await expect(toast(page).getByText(/^Rating saved: 1 scale, discharge$/)).toBeVisible();
  await expect(politeRegion(page)).toContainText("Rating saved: 1 scale, discharge");

  const memoryRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Memory" }) });
  await expect(memoryRow.getByText("6 of 7: Does it alone, with some limits")).toBeVisible();
  await expect(memoryRow.getByText(/Discharge, by /)).toBeVisible();
  await expect(memoryRow.getByText(/^(First rating|No change since .+|(Up|Down) \d levels? since .+)$/)).toBeVisible();
  // The form is empty again for the next rating.
  await expect(memory).toHaveValue("none");
  await tabTo(page, memory, { max: 30, backwards: true });
  await expectNoSeriousA11yViolations(page);
});
