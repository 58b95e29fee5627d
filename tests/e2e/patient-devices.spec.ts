import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEVICE_TOKEN_PATTERN } from "../../domain/mobile/device-wire.ts";
import { uploadFromDetail } from "../../domain/mobile/upload-from-detail.ts";
import type { SessionDetailJson } from "../../domain/session-review/index.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiGet, captureApiHeaders } from "./support/api.ts";
import { expectEnhancedTextContrast, expectNoSeriousA11yViolations } from "./support/axe.ts";
import { activate, tabTo } from "./support/keyboard.ts";
import { DEV_API_KEY } from "./support/outbox.ts";
import { pageHeading } from "./support/shell.ts";
import { openSignedIn } from "./support/signed-in-state.ts";
import { ACCOUNTS } from "./support/sign-in.ts";

// Issue 22, "Sessions arrive from the patients' app" (docs/ui-patient-devices.md): an institution
// admin connects a device on a patient's record by keyboard and reads its token once; the app's
// call sends a session with it, which shows among the patient's sessions; the admin revokes the
// device and the same token is refused. Usually about 30 s; the limit leaves room for a loaded
// 2-core machine.
const FLOW_MS = 180_000;

type PatientRow = { readonly id: number; readonly first_name: string; readonly last_name: string };
type Level = { readonly id: number; readonly game: { readonly name: string } };
type SessionItem = { readonly id: number };

/**
 * An active demo patient with no device yet and an exercise that has a session, and the app's body
 * for a new session of it (built from that one). A patient another flow connected (the billing flow
 * makes one whose name sorts first) is passed over: this flow starts from "No device connected yet".
 */
async function patientWithSessions(page: Page, headers: Record<string, string>) {
  const patients = await apiGet<{ results: PatientRow[] }>(page, headers, "/api/patients/?page=1&page_size=10&status=active");
  for (const patient of patients.results) {
    const devices = await apiGet<unknown[]>(page, headers, `/api/patients/${patient.id}/devices/`);
    if (devices.length > 0) continue;
    const levels = await apiGet<Level[]>(page, headers, `/api/patients/${patient.id}/game-levels/`);
    for (const level of levels) {
      const sessions = await apiGet<{ results: SessionItem[] }>(page, headers, `/api/game-sessions-list/?game_level_id=${level.id}&page=1&page_size=1`);
      const first = sessions.results[0];
      if (first === undefined) continue;
      const detail = await apiGet<SessionDetailJson>(page, headers, `/api/game-session/${first.id}/detailed/`);
      return { patient, level, detail };
    }
  }
  throw new Error("no active demo patient of the admin's institution has an exercise with a session");
}

/** The app's call: one finished session, a few minutes ago, under the given device token. */
const sendSession = (request: APIRequestContext, token: string, body: unknown) =>
  request.post("/api/mobile/game-sessions/", { headers: { "x-api-key": DEV_API_KEY, authorization: `Device ${token}` }, data: body });

test("an institution admin connects the patient's app by keyboard, a session sent with its token arrives, and once revoked the token is refused", async ({ page }) => {
  test.setTimeout(FLOW_MS);
  const headers = captureApiHeaders(page);
  await openSignedIn(page, ACCOUNTS.admin);
  const { patient, level, detail } = await patientWithSessions(page, await headers());
  const name = `${patient.first_name} ${patient.last_name}`;
  const label = `Tablet ${Date.now().toString(36)}`;

  await page.goto(`/patient/${patient.id}`);
  await expect(pageHeading(page)).toHaveText(name);
  const section = page.getByRole("region", { name: "Patient's app" });
  await expect(section.getByRole("heading", { level: 2, name: "Patient's app" })).toBeVisible();
  await expect(section.getByText("No device connected yet.")).toBeVisible();

  // Connect by keyboard: the label takes the focus, Enter submits, the token field takes it next.
  await activate(page, section.getByRole("button", { name: "Connect a device" }), { max: 80 });
  const labelField = section.getByRole("textbox", { name: /Device label/ });
  await expect(labelField).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(section.getByText("The label is required")).toBeVisible();
  await expect(labelField).toBeFocused();
  await page.keyboard.type(label);
  await page.keyboard.press("Enter");
  const tokenField = section.getByRole("textbox", { name: "Device token" });
  await expect(tokenField).toBeFocused();
  await expect(section.getByText("This token will not be shown again.")).toBeVisible();
  await expect(section.getByRole("status").filter({ hasText: `${label} is connected. Its token is shown below, this once.` })).toBeAttached();
  const token = await tokenField.inputValue();
  expect(token).toMatch(DEVICE_TOKEN_PATTERN);
  await expect(section.getByRole("table", { name: `${name}'s devices` }).getByRole("row", { name: new RegExp(label) })).toContainText("Not yet");
  await expectNoSeriousA11yViolations(page);
  await expectEnhancedTextContrast(page);

  // The app sends a session with the token; a retry of the same session answers the same receipt.
  const now = Date.now();
  // Played just now: its attempts keep their times into the session, which must hold them all (docs/mobile-api.md).
  const played = Math.max(0, ...detail.challenges_in_session.flatMap((challenge) => challenge.attempts.map((attempt) => Date.parse(attempt.created_at) - Date.parse(detail.start_time))));
  const end = now - 60_000;
  const body = uploadFromDetail(detail, { clientSessionId: randomUUID(), levelId: level.id, startTime: new Date(end - played - 120_000).toISOString(), endTime: new Date(end).toISOString() });
  const sent = await sendSession(page.request, token, body);
  expect(sent.status(), await sent.text()).toBe(201);
  const receipt = (await sent.json()) as { id: number; patient_id: number };
  expect(receipt.patient_id).toBe(patient.id);
  const again = await sendSession(page.request, token, body);
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { id: number }).id).toBe(receipt.id);

  // Done forgets the token and hands the focus back.
  await activate(page, section.getByRole("button", { name: "Done" }), { max: 10 });
  await expect(section.getByRole("button", { name: "Connect a device" })).toBeFocused();
  await expect(tokenField).toHaveCount(0);

  // The session is the newest of the patient's sessions of that exercise.
  await activate(page, page.getByRole("main").getByRole("link", { name: new RegExp(`^${level.game.name}, `) }), { max: 80 });
  await expect(pageHeading(page)).toHaveText(level.game.name);
  const newest = page.getByRole("table", { name: "Sessions, newest first" }).getByRole("row").nth(1);
  await expect(newest.getByRole("link")).toHaveAttribute("href", new RegExp(`/trend/${receipt.id}$`));
  await expect(newest).toContainText("Pending");

  // Back on the record the device was used; revoke it by keyboard, confirming in the dialog.
  await page.goBack();
  await expect(pageHeading(page)).toHaveText(name);
  const row = section.getByRole("table", { name: `${name}'s devices` }).getByRole("row", { name: new RegExp(label) });
  await expect(row).not.toContainText("Not yet");
  await expect(row).toContainText("Active");
  await activate(page, row.getByRole("button", { name: `Revoke ${label}` }), { max: 120 });
  const dialog = page.getByRole("alertdialog", { name: `Revoke ${label}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await tabTo(page, dialog.getByRole("button", { name: "Revoke device" }), { max: 4, backwards: true });
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole("heading", { level: 2, name: "Patient's app" })).toBeFocused();
  await expect(row).toContainText("Revoked on");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(section.getByRole("status").filter({ hasText: `${label} was revoked. Its token no longer works.` })).toBeAttached();

  // The same token is refused now, even for a new session.
  const refused = await sendSession(page.request, token, { ...body, client_session_id: randomUUID() });
  expect(refused.status()).toBe(401);
});
