import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { addDays, daysBetween, lastDayOf } from "../../domain/billing/index.ts";
import { MONTH_EXPORT_COLUMNS } from "../../domain/billing/month-export-csv.ts";
import { parseCsv } from "../../domain/shared/format/csv.ts";
import { SUPPLY_CODES, type SupplyKind } from "../../domain/billing/rtm-codes.ts";
import { monthLabel, shortDayLabel } from "../../domain/shared/calendar/labels.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, chooseInSelect, tabTo } from "./support/keyboard.ts";
import { collectPageProblems } from "./support/page-problems.ts";
import { namingSessionOn, sendSession } from "./support/rtm-sessions.ts";
import { institutionOf, pageHeading, sidebarLink } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 24, "Remote therapeutic monitoring": sessions replayed through the patients' app call move
// a fresh patient from "at risk" to "ready to bill" on /rtm; the SLP logs time and a call on the
// patient's record by keyboard, and /rtm shows the minutes, the call and the management code;
// the month-end page's CSV is downloaded and the patient's line read back.
//
// Whatever today's date: the institution's today (from GET /api/rtm/) fixes E = min(today + 3, the
// month's last day) and S = E - 29, so the first 30-day period S..E ends in today's month. One
// session on S leaves 1 data day with at most 4 days to go: 16 is out of reach, 2 is not (at
// risk, "needs 1 more data day by E"). Fifteen more on past days make 16: the period is settled
// and billed in E's month, today's (ready to bill). About three minutes on a busy 2-core machine
// (two sign-ins, three axe scans, one of a full /rtm page); the limit leaves room for a slower one.
const FLOW_MS = 360_000;

type Institution = {
  readonly id: number;
  readonly name: string;
  readonly allowed_domains: readonly string[];
  readonly description: string;
  readonly games: readonly number[];
  readonly time_zone: string;
  readonly rtm_supply_kind: SupplyKind | null;
  readonly version: number;
};
type Game = { readonly id: number; readonly type: string; readonly levels_available: readonly string[] };
type Level = { readonly id: number; readonly game: { readonly id: number } };
type Receipt = { readonly id: number; readonly client_session_id: string; readonly patient_id: number };

/** A write with the captured headers; fails the test on any answer but 2xx, with the body in the message. */
async function apiSend<T>(page: Page, headers: Record<string, string>, method: "POST" | "PUT", path: string, data: unknown): Promise<T> {
  const response = await page.request.fetch(path, { method, headers, data });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A name no demo patient has, sorting before every demo name so the row is on the list's first page. */
const uniquePatient = () => {
  const tag = Date.now().toString(36);
  return { first: "Aaliyah", last: `Aabye${tag}`, email: `aaliyah.${tag}@patients.test`, birthdate: "1948-03-15" };
};

/** The /rtm table's row of the patient (its row header is the patient's linked name). */
const rtmRow = (page: Page, name: string) =>
  page.getByRole("table", { name: /^Billing for / }).getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** The kit's date field shows `day` (yyyy-MM-dd) in its month, day and year segments. */
const expectDaySegments = async (segments: Locator, day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  await expect(segments.nth(0)).toHaveAttribute("aria-valuenow", String(month));
  await expect(segments.nth(1)).toHaveAttribute("aria-valuenow", String(date));
  await expect(segments.nth(2)).toHaveAttribute("aria-valuenow", String(year));
};

// The /rtm columns after the row header: SLP, Data days, Minutes this month, Last call, Codes so far, Status.
const cell = (page: Page, name: string, column: "slp" | "days" | "minutes" | "call" | "codes" | "status") =>
  rtmRow(page, name).getByRole("cell").nth(["slp", "days", "minutes", "call", "codes", "status"].indexOf(column));

test("sessions from the patients' app move a patient from at risk to ready to bill; the SLP logs time and a call by keyboard; /rtm and the month's CSV show them", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(FLOW_MS);
  const adminProblems = collectPageProblems(page);
  const headers = captureApiHeaders(page);
  const institutionId = institutionOf(await openSignedIn(page, ACCOUNTS.admin)).id;

  // Set-up through the API, as the institution administrator: a supply kind (the export's supply
  // code needs one), a fresh patient of the demo SLP with a naming exercise, and a device token.
  const institution = await apiGet<Institution>(page, await headers(), `/api/institutions/${institutionId}/`);
  const zone = institution.time_zone;
  const kind: SupplyKind = institution.rtm_supply_kind ?? "cognitiveBehavioural";
  const adminHeaders = await headers();
  const putSupplyKind = (value: SupplyKind | null, version: number) =>
    apiSend<Institution>(page, adminHeaders, "PUT", `/api/institutions/${institutionId}/`, {
      name: institution.name,
      allowed_domains: institution.allowed_domains,
      description: institution.description,
      rtm_supply_kind: value,
      version,
    });
  const changedKind = institution.rtm_supply_kind === null ? await putSupplyKind(kind, institution.version) : null;
  const supply = SUPPLY_CODES[kind].full;

  try {
    const staff = await apiGet<{ results: { id: number; email: string }[] }>(page, await headers(), `/api/staff/?page=1&page_size=10&search=${encodeURIComponent(ACCOUNTS.slp.email)}`);
    const slpId = staff.results.find((row) => row.email === ACCOUNTS.slp.email)?.id;
    expect(slpId, "the demo SLP is in the admin's staff list").toBeDefined();
    const person = uniquePatient();
    const name = `${person.first} ${person.last}`;
    const patient = await apiSend<{ id: number }>(page, await headers(), "POST", "/api/patients/", {
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      birthdate: person.birthdate,
      gender: "female",
      staff: slpId,
    });
    const games = await apiGet<Game[]>(page, await headers(), "/api/games/");
    const naming = games.find((game) => game.type === "naming" && institution.games.includes(game.id));
    if (naming === undefined) throw new Error("the admin's institution does not offer the naming game");
    const difficulty = naming.levels_available[0] ?? "easy";
    await apiSend(page, await headers(), "POST", "/api/assignments/", {
      patients: [patient.id],
      games: [{ game: naming.id, forms: [{ difficulty, amount_challenges: 3, amount_trials: 2, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false }] }],
    });
    const levels = await apiGet<Level[]>(page, await headers(), `/api/patients/${patient.id}/game-levels/`);
    const levelId = levels.find((level) => level.game.id === naming.id)?.id;
    if (levelId === undefined) throw new Error("the assignment left the patient no naming level");
    const device = await apiSend<{ token: string }>(page, await headers(), "POST", `/api/patients/${patient.id}/devices/`, { label: "Home tablet" });

    // The institution's calendar: today, E and S.
    const { today } = await apiGet<{ today: string }>(page, await headers(), "/api/rtm/?page_size=10");
    const monthEnd = lastDayOf(today.slice(0, 7));
    const end = addDays(today, 3) < monthEnd ? addDays(today, 3) : monthEnd;
    const start = addDays(end, -29);
    const stripName = `${name}'s days, ${shortDayLabel(start)} – ${shortDayLabel(end)}`;

    // One session on S, sent as the app sends it.
    const first = await sendSession(page.request, device.token, namingSessionOn(zone, start, levelId));
    expect(first.status(), await first.text()).toBe(201);

    // /rtm by keyboard from the sidebar: the heading takes the focus; the row is at risk.
    await activate(page, sidebarLink(page, "Billing"), { max: 40 });
    await expect(pageHeading(page)).toHaveText("Billing");
    await expect(pageHeading(page)).toBeFocused();
    await expect(cell(page, name, "status")).toContainText("At risk");
    await expect(cell(page, name, "status")).toContainText(`needs 1 more data day by ${shortDayLabel(end)}`);
    await expect(cell(page, name, "slp")).toHaveText(ACCOUNTS.slp.name);
    await expect(cell(page, name, "days")).toHaveText(/^1 of 16/);
    await expect(cell(page, name, "codes")).toHaveText("none yet");
    const strip = cell(page, name, "days").getByRole("list", { name: stripName });
    await expect(strip.getByRole("listitem")).toHaveCount(30);
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(start)}: 1 session`, exact: true })).toBeAttached();
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(addDays(start, 1))}: no session`, exact: true })).toBeAttached();
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(today)} (today): no session yet`, exact: true })).toBeAttached();
    // The days after today are still to come (none when today is the month's last day, E).
    await expect(strip.getByRole("listitem", { name: /: not yet$/ })).toHaveCount(daysBetween(today, end));

    // The app replays its backlog: 15 sessions on the 15 days before today (all after S), each
    // with its own client id. Every one is new (201), and a repeat of one is acknowledged (200)
    // with the first receipt, writing nothing more.
    const backlog = Array.from({ length: 15 }, (_, index) => namingSessionOn(zone, addDays(today, -15 + index), levelId));
    expect(new Set(backlog.map((body) => body.client_session_id)).size).toBe(15);
    const receipts: Receipt[] = [];
    for (const body of backlog) {
      const sent = await sendSession(page.request, device.token, body);
      expect(sent.status(), await sent.text()).toBe(201);
      receipts.push((await sent.json()) as Receipt);
    }
    expect(new Set(receipts.map((receipt) => receipt.id)).size).toBe(15);
    expect(receipts.map((receipt) => receipt.client_session_id)).toEqual(backlog.map((body) => body.client_session_id));
    expect(receipts.every((receipt) => receipt.patient_id === patient.id)).toBe(true);
    const repeat = await sendSession(page.request, device.token, backlog[0]);
    expect(repeat.status()).toBe(200);
    expect(((await repeat.json()) as Receipt).id).toBe(receipts[0]?.id);

    // 16 data days: the period is settled, its supply line falls in today's month.
    await page.reload();
    await expect(pageHeading(page)).toHaveText("Billing");
    await expect(cell(page, name, "status")).toHaveText("Ready to bill");
    await expect(cell(page, name, "days")).toHaveText(/^16 of 16/);
    await expect(cell(page, name, "codes")).toContainText(`${supply}-GN`);
    await expect(cell(page, name, "minutes")).toHaveText("0 minutes");
    await expect(cell(page, name, "call")).toHaveText("none");
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(addDays(today, -1))}: 1 session`, exact: true })).toBeAttached();
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(addDays(today, -15))}: 1 session`, exact: true })).toBeAttached();
    await expect(strip.getByRole("listitem", { name: `${shortDayLabel(addDays(today, -16))}: no session`, exact: true })).toBeAttached();
    await expect(strip.getByRole("listitem", { name: /: 1 session$/ })).toHaveCount(16);
    expect(adminProblems).toEqual([]);

    // The SLP, in a browser on another continent's clock: the forms' "now" and "today" are the
    // institution's (its zone), never the browser's (issue 31, item 15).
    const browserZone = zone === "Pacific/Kiritimati" ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";
    const slpContext = await browser.newContext({ ...(baseURL === undefined ? {} : { baseURL }), timezoneId: browserZone, locale: "en-US" });
    try {
      const slp = await slpContext.newPage();
      const slpProblems = collectPageProblems(slp);
      await openSignedIn(slp, ACCOUNTS.slp);
      await activate(slp, sidebarLink(slp, "Billing"), { max: 40 });
      await expect(pageHeading(slp)).toBeFocused();
      await expect(cell(slp, name, "status")).toHaveText("Ready to bill");

      // The patient's record by keyboard, from the row's link.
      await activate(slp, rtmRow(slp, name).getByRole("link", { name, exact: true }), { max: 80 });
      await expect(pageHeading(slp)).toHaveText(name);
      await expect(pageHeading(slp)).toBeFocused();
      const section = slp.getByRole("region", { name: "Remote monitoring" });
      await expect(section.getByRole("heading", { level: 2, name: "Remote monitoring" })).toBeVisible();

      // A manual entry: 22 minutes of review, started at midnight today (never in the future). The
      // form opens on the institution's today with the focus on its first field, the activity.
      await activate(slp, section.getByRole("button", { name: "Add time entry" }), { max: 200 });
      const form = section.getByRole("group", { name: "Log time" });
      const activity = form.getByRole("combobox", { name: "Activity", exact: true });
      await expect(activity).toBeFocused();
      await chooseInSelect(slp, activity, "Review", { max: 1 });
      const [year, month, day] = today.split("-");
      const segments = (label: string) => form.getByRole("group", { name: label }).getByRole("spinbutton");
      // The kit's date field: month, day and year segments, typed by keyboard (each moves on by itself).
      await expectDaySegments(segments("Start date"), today);
      await tabTo(slp, segments("Start date").first(), { max: 3 });
      await slp.keyboard.type(`${month}${day}${year}`);
      await expectDaySegments(segments("Start date"), today);
      await tabTo(slp, segments("Start time").first(), { max: 3 });
      await slp.keyboard.type("1200A");
      await expect(segments("Start time").nth(0)).toHaveAttribute("aria-valuetext", "12 AM");
      await expect(segments("Start time").nth(1)).toHaveAttribute("aria-valuetext", "00");
      await tabTo(slp, form.getByRole("textbox", { name: /^Length in minutes/ }), { max: 3 });
      await slp.keyboard.type("22");
      await tabTo(slp, form.getByRole("textbox", { name: "Note" }), { max: 3 });
      await slp.keyboard.type("Reviewed the month's naming sessions");
      await activate(slp, form.getByRole("button", { name: "Log time", exact: true }), { max: 20 });
      await expect(form).toHaveCount(0);
      const addTime = section.getByRole("button", { name: "Add time entry" });
      await expect(addTime).toBeFocused();
      const timeLog = section.getByRole("table", { name: /^Time log, / });
      await expect(timeLog.getByRole("row").filter({ has: slp.getByRole("rowheader", { name: "Review" }) })).toContainText("22");

      // A live call today: date, length, who took part; Enter in the last field logs it.
      await activate(slp, section.getByRole("button", { name: "Add call" }), { max: 40 });
      const callForm = section.getByRole("group", { name: "Log a call" });
      // It opens on the institution's today, the focus on the date's first segment; typed over by keyboard.
      const callDate = callForm.getByRole("group", { name: "Call date" }).getByRole("spinbutton");
      await expect(callDate.first()).toBeFocused();
      await expectDaySegments(callDate, today);
      await slp.keyboard.type(`${month}${day}${year}`);
      await expectDaySegments(callDate, today);
      await tabTo(slp, callForm.getByRole("textbox", { name: /^Call length in minutes/ }), { max: 3 });
      await slp.keyboard.type("15");
      await tabTo(slp, callForm.getByRole("textbox", { name: /^Participants/ }), { max: 3 });
      await slp.keyboard.type("patient and daughter");
      await slp.keyboard.press("Enter");
      await expect(callForm).toHaveCount(0);
      await expect(section.getByRole("button", { name: "Add call" })).toBeFocused();
      const callDay = new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
      await expect(section.getByRole("listitem").filter({ hasText: `${callDay}: 15 minutes with patient and daughter` })).toBeVisible();
      await expectNoSeriousA11yViolations(slp);

      // Back to /rtm by keyboard: the minutes, the last call and the management code are there.
      await tabTo(slp, sidebarLink(slp, "Billing"), { max: 300, backwards: true });
      await slp.keyboard.press("Enter");
      await expect(pageHeading(slp)).toHaveText("Billing");
      await expect(pageHeading(slp)).toBeFocused();
      await expect(cell(slp, name, "minutes")).toHaveText("22 minutes");
      await expect(cell(slp, name, "call")).toHaveText(`${shortDayLabel(today)}, 15 minutes`);
      await expect(cell(slp, name, "codes")).toContainText("98980-GN");
      await expect(cell(slp, name, "codes")).toContainText(`${supply}-GN`);
      await expect(cell(slp, name, "status")).toHaveText("Ready to bill");
      // One scan of /rtm, with every column of the row filled in: a page of 25 rows with 30 named
      // days each takes axe the best part of a minute on a loaded machine.
      await expectNoSeriousA11yViolations(slp);

      // Month-end: the summary of today's month, by keyboard from /rtm; its CSV (a draft while the
      // month is open) downloaded through the page and read back.
      const monthTitle = monthLabel(today.slice(0, 7));
      await activate(slp, slp.getByRole("main").getByRole("link", { name: `Month-end for ${monthTitle}` }), { max: 60 });
      await expect(pageHeading(slp)).toHaveText("Month-end");
      await expect(pageHeading(slp)).toBeFocused();
      await expect(slp.getByRole("heading", { level: 2, name: monthTitle })).toBeVisible();
      await expect(slp.getByRole("table", { name: "Patients by status" })).toBeVisible();
      await expectNoSeriousA11yViolations(slp);
      const downloadButton = slp.getByRole("button", { name: "Download CSV (draft)" });
      await tabTo(slp, downloadButton, { max: 40 });
      const downloading = slp.waitForEvent("download");
      await slp.keyboard.press("Enter");
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`rtm-${today.slice(0, 7)}-draft.csv`);
      const file = await download.path();
      const [header, ...lines] = parseCsv(await readFile(file, "utf8"));
      expect(header).toEqual([...MONTH_EXPORT_COLUMNS]);
      const line = lines.filter((fields) => fields[0] === name);
      expect(line, "the patient has exactly one line").toHaveLength(1);
      const [, birthdate, renderingSlp, periodStart, periodEnd, dataDays, minutes, callDates, codes, billable] = line[0] ?? [];
      expect({ birthdate, renderingSlp, periodStart, periodEnd, dataDays, minutes, callDates, billable }).toEqual({
        birthdate: person.birthdate,
        renderingSlp: ACCOUNTS.slp.name,
        periodStart: start,
        periodEnd: end,
        dataDays: "16",
        minutes: "22",
        callDates: today,
        billable: "yes",
      });
      expect(codes?.split("; ")).toEqual(expect.arrayContaining([`${supply}-GN`, "98980-GN"]));
      expect(slpProblems).toEqual([]);
    } finally {
      await slpContext.close();
    }
  } finally {
    // Leave the institution's settings as the seed had them for the worker's later flows.
    if (changedKind !== null) await putSupplyKind(null, changedKind.version);
  }
});
