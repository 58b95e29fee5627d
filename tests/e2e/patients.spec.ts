import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { expectBreadcrumb, expectPath, pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// The flows of this file need nothing from one another (each signs in and finds its own data), so
// they spread over the workers instead of queueing on one: the file is among the longest, and
// run whole it started last and ran alone at the end (playwright.config.ts, "balance").
test.describe.configure({ mode: "parallel" });

// Issue 11: an institution admin creates a patient (postal codes checked for two countries),
// finds them by search and each filter, edits, deactivates, reactivates and deletes them, all by
// keyboard; an SLP sees only their own patients and cannot open another's by address.
const LONG_FLOW_MS = 240_000;

/** A name no demo patient has, so search finds exactly the one this run created. */
const uniqueName = (): { first: string; last: string; email: string } => {
  const tag = Date.now().toString(36);
  return { first: "Quillon", last: `Testcase${tag}`, email: `quillon.${tag}@patients.test` };
};

const field = (page: Page, label: string) => page.getByRole("main").getByRole("textbox", { name: label, exact: true });
const combo = (page: Page, label: string) => page.getByRole("main").getByRole("combobox", { name: label, exact: true });

/** Types into a place picker and takes the option of that name, by keyboard. */
async function pickPlace(page: Page, label: string, typed: string, option: string): Promise<void> {
  const box = combo(page, label);
  await tabTo(page, box, { max: 40 });
  // The place chosen before stays listed while the matches load (place-picker.tsx).
  const chosenBefore = await box.inputValue();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(typed);
  await expect(box).toHaveValue(typed);
  const listed = page.getByRole("option", { name: option, exact: true });
  await expect(listed).toBeVisible();
  // The server's matches follow the typing after a debounce: on a busy machine the list can still
  // hold the matches of the first letters ("O": Georgia…) when the option appears, and change
  // after the arrows moved, so Enter took Georgia for Oregon. Wait until every option shown
  // matches the whole text (or is the place chosen before).
  const options = page.getByRole("listbox").getByRole("option");
  const settled = (texts: string[]) => texts.every((text) => text === chosenBefore || text.toLowerCase().includes(typed.toLowerCase()));
  await expect.poll(async () => settled(await options.allTextContents())).toBe(true);
  await page.keyboard.press("ArrowDown");
  for (let presses = 0; presses < 10 && (await listed.getAttribute("data-focused")) === null; presses += 1) await page.keyboard.press("ArrowDown");
  await expect(listed).toHaveAttribute("data-focused", "true");
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue(option);
}

/** Fills a text field by keyboard, replacing what it held. */
async function fill(page: Page, label: string, text: string): Promise<void> {
  const box = field(page, label);
  await tabTo(page, box, { max: 40 });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
}

/** The patients list's rows (each names its patient in the row header). */
const rows = (page: Page) => page.getByRole("table", { name: "Patients" }).getByRole("row");

test("an institution admin creates, finds, edits, deactivates, reactivates and deletes a patient by keyboard", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  const patient = uniqueName();
  await openSignedIn(page, ACCOUNTS.admin);

  await page.goto("/patients");
  await expect(pageHeading(page)).toHaveText("Patients");
  await expect(rows(page).nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await activate(page, page.getByRole("link", { name: "New patient" }), { max: 40 });
  await expectPath(page, "/create/patient");
  await expect(pageHeading(page)).toHaveText("New patient");
  await expect(pageHeading(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // An empty submit marks the required fields and moves the focus to the first of them.
  await activate(page, page.getByRole("button", { name: "Add patient" }), { max: 60 });
  await expect(field(page, "First name")).toBeFocused();
  await expect(page.getByText("The first name is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await fill(page, "First name", patient.first);
  await fill(page, "Last name", patient.last);
  await fill(page, "Email", patient.email);
  await tabTo(page, page.getByRole("spinbutton", { name: /month/i }), { max: 40 });
  await page.keyboard.type("03151950");
  await chooseInSelect(page, combo(page, "Assigned birth gender"), "Female", { max: 40 });

  // Postal codes follow the chosen country: Japan's 123-4567, the United States' 12345.
  await pickPlace(page, "Country", "Japan", "Japan");
  await fill(page, "Postal code", "12345");
  await expect(page.getByText("Invalid postal code for Japan")).toBeVisible();
  await fill(page, "Postal code", "160-0022");
  await expect(page.getByText("Invalid postal code for Japan")).toBeHidden();
  await pickPlace(page, "Country", "United States", "United States");
  await expect(page.getByText("Invalid postal code for United States")).toBeVisible();
  await fill(page, "Postal code", "97201");
  await expect(page.getByText(/Invalid postal code/)).toBeHidden();
  await pickPlace(page, "State or province", "Oreg", "Oregon");

  await activate(page, page.getByRole("button", { name: "Add patient" }), { max: 60 });
  await expect(pageHeading(page)).toHaveText(`${patient.first} ${patient.last}`);
  await expect(page).toHaveURL(/\/patient\/\d+$/);
  await expect(page.getByText("Patient added")).toBeVisible();
  await expectBreadcrumb(page, ["Patients", `${patient.first} ${patient.last}`]);
  await expect(page.getByRole("main").getByText("Oregon")).toBeVisible();
  await expect(page.getByText("No exercises are assigned to this patient yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const detailUrl = page.url();

  // Found by search, and by each filter that holds them (a new patient is pending, pending review).
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(1)).toContainText(patient.email);
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}&status=pending&review=pending`);
  await expect(rows(page)).toHaveCount(2);
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}&status=active`);
  await expect(page.getByText("No patients match these filters.")).toBeVisible();
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}&review=reviewed`);
  await expect(page.getByText("No patients match these filters.")).toBeVisible();
  // A new patient plays no exercise yet: any game-and-level filter leaves them out.
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}`);
  await expect(rows(page)).toHaveCount(2);
  // The first game and level the filter offers after "Any exercise".
  const exercise = combo(page, "Exercise");
  const firstLevel = (await exercise.getByRole("option").nth(1).textContent()) ?? "";
  await chooseInSelect(page, exercise, firstLevel, { max: 40 });
  await expect(page).toHaveURL(/level=\d+%3A/);
  await expect(page.getByText("No patients match these filters.")).toBeVisible();
  await expect(page.getByRole("group", { name: /levels$/ })).toBeVisible();
  // Ticking a status box by keyboard narrows the list and writes the address.
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}`);
  await expect(rows(page)).toHaveCount(2);
  await tabTo(page, page.getByRole("checkbox", { name: "Inactive" }), { max: 40 });
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByText("No patients match these filters.")).toBeVisible();

  // Edit in place.
  await page.goto(detailUrl);
  await activate(page, page.getByRole("button", { name: "Edit" }), { max: 40 });
  await fill(page, "Last name", `${patient.last}x`);
  await activate(page, page.getByRole("button", { name: "Save changes" }), { max: 80 });
  await expect(pageHeading(page)).toHaveText(`${patient.first} ${patient.last}x`);
  const name = `${patient.first} ${patient.last}x`;

  // A new patient is pending: activate, deactivate, activate, then deactivate and delete, each
  // confirmed in a dialog naming them (a pending patient is never offered Deactivate).
  await expect(page.getByRole("main").getByRole("button", { name: "Deactivate", exact: true })).toHaveCount(0);
  const confirmIn = async (action: string) => {
    await activate(page, page.getByRole("main").getByRole("button", { name: action, exact: true }), { max: 40 });
    const dialog = page.getByRole("alertdialog", { name: `${action} ${name}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await activate(page, dialog.getByRole("button", { name: action, exact: true }), { max: 5 });
    await expect(dialog).toBeHidden();
  };
  await confirmIn("Activate");
  await expect(page.getByRole("main").getByText("Active", { exact: true })).toBeVisible();
  await confirmIn("Deactivate");
  await expect(page.getByRole("main").getByText("Inactive", { exact: true })).toBeVisible();
  await confirmIn("Activate");
  await expect(page.getByRole("main").getByText("Active", { exact: true })).toBeVisible();
  await confirmIn("Deactivate");
  await confirmIn("Delete");
  await expectPath(page, "/patients");
  await page.goto(`/patients?search=${encodeURIComponent(patient.last)}`);
  await expect(page.getByText("No patients match these filters.")).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByText("The requested patient was not found")).toBeVisible();
});

test("an SLP sees only their own patients and cannot open another's by address", async ({ browser, baseURL, page }) => {
  test.setTimeout(LONG_FLOW_MS);
  // The admin's list names each patient's SLP: take one who is not this SLP's.
  const adminContext = await browser.newContext({ ...(baseURL === undefined ? {} : { baseURL }) });
  const admin = await adminContext.newPage();
  await openSignedIn(admin, ACCOUNTS.admin);
  await admin.goto("/patients?status=active");
  const othersRow = rows(admin).filter({ has: admin.locator("td:nth-child(5)") }).filter({ hasNotText: ACCOUNTS.slp.name }).first();
  await expect(othersRow).toBeVisible();
  const othersHref = await othersRow.getByRole("rowheader").getByRole("link").getAttribute("href");
  expect(othersHref).toMatch(/^\/patient\/\d+$/);
  await adminContext.close();

  await openSignedIn(page, ACCOUNTS.slp);
  await page.goto("/patients");
  await expect(pageHeading(page)).toHaveText("Patients");
  await expect(rows(page).nth(1)).toBeVisible();
  await expect(page.getByRole("link", { name: "New patient" })).toHaveCount(0);
  const assigned = await rows(page).locator("td:nth-child(5)").allInnerTexts();
  expect(new Set(assigned)).toEqual(new Set([ACCOUNTS.slp.name]));
  await expectNoSeriousA11yViolations(page);

  // Their own patient's record lists the exercises assigned, each linked to its overview.
  await rows(page).nth(1).getByRole("rowheader").getByRole("link").click();
  const assignedList = page.getByRole("region", { name: "Assigned exercises" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Assigned exercises" }) }));
  // Each exercise links its overview; "Review next" (issue 23) goes to a session instead.
  await expect(assignedList.getByRole("link").filter({ hasNotText: "Review next" }).first()).toHaveAttribute("href", /^\/details-panel\/patient\/\d+\/level\/\d+$/);
  await expectNoSeriousA11yViolations(page);

  await page.goto(othersHref ?? "/patient/1");
  await expect(page.getByText("The requested patient was not found")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a 390 px wide screen (and so at 200 % zoom on a laptop)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list, the form and the record fit the width: only the table scrolls sideways, in its own region", async ({ page }) => {
    test.setTimeout(LONG_FLOW_MS);
    await openSignedIn(page, ACCOUNTS.admin);
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);
    for (const path of ["/patients", "/create/patient"]) {
      await page.goto(path);
      await expect(pageHeading(page)).toBeVisible();
      await expect(page.getByRole("main").getByRole("button").first()).toBeVisible();
      expect(await fitsWidth(), `${path} scrolls sideways`).toBe(true);
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto("/patients");
    await rows(page).nth(1).getByRole("rowheader").getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Contact information" })).toBeVisible();
    expect(await fitsWidth(), "the record scrolls sideways").toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});

test("an SLP's record lists their patients page by page, pausing before each next page, until all are shown", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  await openSignedIn(page, ACCOUNTS.admin);
  await page.goto("/patients?status=active");
  const slpLink = rows(page).nth(1).locator("td:nth-child(5)").getByRole("link");
  const slpName = (await slpLink.innerText()).trim();
  await activate(page, slpLink, { max: 60 });
  await expect(page).toHaveURL(/\/staff\/\d+$/);
  await expect(pageHeading(page)).toHaveText(slpName);
  const table = page.getByRole("table", { name: "Assigned patients" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Ten a page with a 5000 ms pause before each next one: the whole caseload arrives in time.
  const done = page.getByText(/^All \d+ patients? (is|are) shown\.$/);
  await expect(done).toBeVisible({ timeout: 120_000 });
  const total = Number(/\d+/.exec(await done.innerText())?.[0]);
  await expect(table.getByRole("row")).toHaveCount(total + 1);
  const assigned = await table.locator("td:nth-child(5)").allInnerTexts();
  expect(new Set(assigned)).toEqual(new Set([slpName]));
});
