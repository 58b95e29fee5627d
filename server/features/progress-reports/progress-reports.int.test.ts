import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgressReportWire, ReportsDueWire } from "../../../domain/progress-reports/index.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { progressReportAddenda, progressReportSettings, progressReports } from "../../db/schema/progress-reports.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// Issue 37: progress reports drafted from the goals' engine, signed and locked with a SHA-256, then
// only addenda; the caseload rule, versions and audit of the record (docs/progress-reports.md).
const SETUP_TIMEOUT = 180_000;
const DAY_MS = 86_400_000;

describe.each(TEST_DRIVERS)("progress reports on %s", (driver) => {
  let world: SessionWorld;
  beforeAll(async () => {
    world = await sessionWorld(driver, "reports");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof SessionWorld["headers"];
  const call = (who: Who, method: "GET" | "POST" | "PATCH", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const session = (day: number, correct: readonly boolean[]) =>
    world.addSession({ patientId: world.patientId, type: "naming", difficulty: "easy", start: new Date(Date.UTC(2026, 1, day, 9)), challenges: [correct.map((isCorrect) => ({ isCorrect, score: isCorrect ? 1 : 0 }))] });
  const lastAudit = async (resource: string, action: string) => {
    const [row] = await world.db.select().from(auditEvents).where(and(eq(auditEvents.resource, resource), eq(auditEvents.action, action))).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };
  let report: ProgressReportWire;

  it("lists the caseload patient whose first report is overdue on the SLP's dashboard, and not on another SLP's", async () => {
    await world.db.update(patients).set({ createdAt: new Date("2026-01-02T12:00:00Z") }).where(eq(patients.id, world.patientId));
    const due = (await call("slp", "GET", "/api/dashboard/progress-reports-due/")).json() as ReportsDueWire;
    expect(due.patients.find((one) => one.patient === world.patientId)?.due).toEqual({ state: "overdue", due_on: "2026-01-31", treatment_days_left: null });
    const other = (await call("otherSlp", "GET", "/api/dashboard/progress-reports-due/")).json() as ReportsDueWire;
    expect(other.patients.map((one) => one.patient)).not.toContain(world.patientId);
    expect((await call("superAdmin", "GET", "/api/dashboard/progress-reports-due/")).statusCode).toBe(403);
  });

  it("drafts the last 30 days: each goal's baseline, current value and verdict with its sessions, adherence and blank SLP fields", async () => {
    await session(1, [false, true]); // 50, before the start
    await session(2, [false, true]);
    await session(3, [false, true]);
    const goal = await call("slp", "POST", `/api/patients/${world.patientId}/goals/`, { kind: "long_term", statement: "Names objects", game_types: ["naming"], min_level: "easy", min_accuracy: 80, sessions: 2, window: "consecutive", start_date: "2026-02-10", due_date: "2099-12-31" });
    expect(goal.statusCode, goal.body).toBe(201);
    const first = await session(12, [true, true, true, false]); // 75
    const second = await session(13, [true, true, true, true]); // 100
    await world.db.insert(rtmTimeEntries).values({ patientId: world.patientId, institutionId: world.clinic, clinicianUserId: world.accounts.slp.id, activity: "review", startedAt: new Date("2026-02-13T15:00:00Z"), minutes: 25 });
    const drafted = await call("slp", "POST", `/api/patients/${world.patientId}/progress-reports/`, {});
    expect(drafted.statusCode, drafted.body).toBe(201);
    report = drafted.json() as ProgressReportWire;
    expect(report).toMatchObject({ state: "draft", version: 1, fields: { plan: "", assessment: "", goal_changes: "" }, content_sha256: null, drafted: { period: { start: "2026-01-31", end: "2026-03-01" } } });
    expect(report.drafted.goals).toEqual([
      expect.objectContaining({ label: "LTG-1", baseline: { value: 50, source: "sessions" }, current: 87.5, status: "improving", verdict_sessions: [first.sessionId, second.sessionId], target: 80 }),
    ]);
    expect(report.drafted.adherence).toMatchObject({ sessions_done: 5, data_days: 5, clinician_minutes: 25 });
    expect(await lastAudit("progress_report", "create")).toMatchObject({ outcome: "success", resourceId: String(report.id), patientId: world.patientId });
  });

  it("refuses to sign while the plan is empty, naming the plan; saves fields with their version (412 when stale)", async () => {
    const refused = await call("slp", "POST", `/api/progress-reports/${report.id}/sign/`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "ERROR_003", message: "The plan is required", detail: { field: "plan" } });
    expect(await lastAudit("progress_report", "update")).toMatchObject({ outcome: "failure", reason: "incomplete_plan" });
    const saved = await call("slp", "PATCH", `/api/progress-reports/${report.id}/`, { plan: "Continue twice weekly", credentials: "MS, CCC-SLP", version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, fields: { plan: "Continue twice weekly", credentials: "MS, CCC-SLP" } });
    const stale = await call("slp", "PATCH", `/api/progress-reports/${report.id}/`, { plan: "Stop", version: 1 });
    expect(stale.statusCode).toBe(412);
    expect(((await call("slp", "GET", `/api/progress-reports/${report.id}/`)).json() as ProgressReportWire).fields.plan).toBe("Continue twice weekly");
  });

  it("signs: locks the content, stores the SHA-256 of its canonical text, and refuses any later edit", async () => {
    const signed = await call("slp", "POST", `/api/progress-reports/${report.id}/sign/`, { version: 2 });
    expect(signed.statusCode, signed.body).toBe(200);
    report = signed.json() as ProgressReportWire;
    expect(report).toMatchObject({ state: "signed", signer: { credentials: "MS, CCC-SLP", npi: null }, signed_at: "2026-03-01T12:00:00.000Z" });
    const [row] = await world.db.select().from(progressReports).where(eq(progressReports.id, report.id));
    expect(report.content_sha256).toBe(createHash("sha256").update(row?.lockedContent ?? "", "utf8").digest("hex"));
    expect(JSON.parse(row?.lockedContent ?? "{}")).toMatchObject({ plan: "Continue twice weekly", signed_at: "2026-03-01T12:00:00.000Z" });
    expect((await call("slp", "PATCH", `/api/progress-reports/${report.id}/`, { plan: "Changed" })).json()).toMatchObject({ code: "ERROR_050" });
    expect((await call("slp", "POST", `/api/progress-reports/${report.id}/sign/`, {})).statusCode).toBe(400);
    await expect(world.db.update(progressReports).set({ plan: "Rewritten" }).where(eq(progressReports.id, report.id))).rejects.toThrow();
    await expect(world.db.delete(progressReports).where(eq(progressReports.id, report.id))).rejects.toThrow();
  });

  it("takes a signed addendum, hashed with the report's hash, that is never edited nor deleted", async () => {
    const added = await call("slp", "POST", `/api/progress-reports/${report.id}/addenda/`, { text: "Clinician minutes were 30, not 25." });
    expect(added.statusCode, added.body).toBe(201);
    const [addendum] = (added.json() as ProgressReportWire).addenda;
    expect(addendum).toMatchObject({ text: "Clinician minutes were 30, not 25.", signer: { credentials: "MS, CCC-SLP" } });
    expect(addendum?.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await lastAudit("progress_report_addendum", "create")).toMatchObject({ outcome: "success", patientId: world.patientId });
    await expect(world.db.delete(progressReportAddenda)).rejects.toThrow();
    await expect(world.db.update(progressReportAddenda).set({ text: "x" })).rejects.toThrow();
  });

  it("follows the caseload: another SLP's or clinic's caller finds nothing, the platform admin is refused, an administrator reads", async () => {
    expect((await call("otherSlp", "GET", `/api/progress-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await call("otherAdmin", "GET", `/api/progress-reports/${report.id}/`)).statusCode).toBe(404);
    expect((await call("otherSlp", "POST", `/api/patients/${world.patientId}/progress-reports/`, {})).statusCode).toBe(404);
    expect((await call("superAdmin", "GET", `/api/patients/${world.patientId}/progress-reports/`)).statusCode).toBe(403);
    expect((await call("admin", "GET", `/api/progress-reports/${report.id}/`)).statusCode).toBe(200);
    expect(await lastAudit("progress_report", "read")).toMatchObject({ outcome: "success", patientId: world.patientId });
  });

  it("starts the next draft the day after the last report, and asks for an NPI where the institution requires one", async () => {
    expect((await call("slp", "POST", `/api/patients/${world.patientId}/progress-reports/`, {})).json()).toMatchObject({ code: "ERROR_034" });
    world.t.clock.advance(3 * DAY_MS);
    // Three days on, the SLP signs in again (an access token lasts less).
    const fresh = { ...world.headers.slp, ...withBearer((await signIn(world.t, world.accounts.slp)).access) };
    const callFresh = (_who: Who, method: "GET" | "POST" | "PATCH", url: string, body?: unknown) =>
      world.t.app.inject({ method, url, headers: { ...fresh, ...(body === undefined ? {} : { "content-type": "application/json" }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    await world.db.insert(progressReportSettings).values({ institutionId: world.clinic, npiRequired: true });
    const next = (await callFresh("slp", "POST", `/api/patients/${world.patientId}/progress-reports/`, {})).json() as ProgressReportWire;
    expect(next).toMatchObject({ npi_required: true, drafted: { period: { start: "2026-03-02", end: "2026-03-04" } } });
    await callFresh("slp", "PATCH", `/api/progress-reports/${next.id}/`, { plan: "Continue", credentials: "CCC-SLP" });
    expect((await callFresh("slp", "POST", `/api/progress-reports/${next.id}/sign/`, {})).json()).toMatchObject({ code: "ERROR_003", detail: { field: "npi" } });
    await callFresh("slp", "PATCH", `/api/progress-reports/${next.id}/`, { npi: "1234567890" });
    expect((await callFresh("slp", "POST", `/api/progress-reports/${next.id}/sign/`, {})).json()).toMatchObject({ code: "ERROR_056", detail: { field: "npi" } });
    const list = await callFresh("slp", "GET", `/api/patients/${world.patientId}/progress-reports/`);
    expect(list.json()).toMatchObject({ due: { state: "not_due", due_on: "2026-03-31" }, reports: [{ id: next.id, state: "draft" }, { id: report.id, state: "signed" }] });
  });

});
