import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgressReportListWire, ReportSettingsWire } from "../../../domain/progress-reports/index.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type SessionWorld, sessionWorld } from "../../session-world.test-helper.ts";

// Issue 37: an institution's progress-report rule, read and set by its own administrators only,
// N checked (1..365, ERROR_056 on due_every), the last write wins and is audited with what it
// replaced, and the patients' due state and the NPI rule follow it (docs/progress-reports.md, "Settings").
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("progress-report settings on %s", (driver) => {
  let world: SessionWorld;
  beforeAll(async () => {
    world = await sessionWorld(driver, "report-settings");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Who = keyof SessionWorld["headers"];
  const call = (who: Who, method: "GET" | "PUT", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const url = () => `/api/institutions/${world.clinic}/progress-report-settings/`;
  const lastAudit = async (action: string) => {
    const [row] = await world.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "progress_report_settings"), eq(auditEvents.action, action))).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };

  it("answers the default rule (every 30 calendar days, no NPI) before any is set", async () => {
    const read = await call("admin", "GET", url());
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ institution: world.clinic, due_kind: "calendar_days", due_every: 30, npi_required: false, updated_at: null });
    expect(await lastAudit("read")).toMatchObject({ outcome: "success", resourceId: String(world.clinic) });
  });

  it("refuses everyone but the institution's own administrators, the platform administrator included", async () => {
    for (const who of ["superAdmin", "otherAdmin", "staffAdmin", "slp"] as const) {
      expect((await call(who, "GET", url())).statusCode, who).toBe(403);
      expect((await call(who, "PUT", url(), { due_kind: "calendar_days", due_every: 10, npi_required: false })).statusCode, who).toBe(403);
    }
    expect((await call("otherAdmin", "GET", `/api/institutions/${world.otherClinic}/progress-report-settings/`)).statusCode).toBe(200);
    expect(await lastAudit("update")).toMatchObject({ outcome: "denied" });
  });

  it.each([0, 366, 2.5, -1])("refuses N = %s with ERROR_056 on due_every and writes nothing", async (every) => {
    const answer = await call("admin", "PUT", url(), { due_kind: "treatment_days", due_every: every, npi_required: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: "ERROR_056", detail: { field: "due_every" } });
    expect((await call("admin", "GET", url())).json()).toMatchObject({ due_every: 30, updated_at: null });
  });

  it("sets the rule (the last write wins), audits what changed, and the patients' due state and NPI rule follow it", async () => {
    await world.db.update(patients).set({ createdAt: new Date("2026-01-02T12:00:00Z") }).where(eq(patients.id, world.patientId));
    const first = await call("admin", "PUT", url(), { due_kind: "calendar_days", due_every: 60, npi_required: false });
    expect(first.statusCode, first.body).toBe(200);
    const saved = await call("admin", "PUT", url(), { due_kind: "treatment_days", due_every: 5, npi_required: true });
    expect(saved.json()).toMatchObject({ due_kind: "treatment_days", due_every: 5, npi_required: true });
    expect((saved.json() as ReportSettingsWire).updated_at).not.toBeNull();
    expect(await lastAudit("update")).toMatchObject({ outcome: "success", changes: { due_kind: { from: "calendar_days", to: "treatment_days" }, due_every: { from: 60, to: 5 }, npi_required: { from: false, to: true } } });
    const listed = await world.t.app.inject({ method: "GET", url: `/api/patients/${world.patientId}/progress-reports/`, headers: world.headers.slp });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json() as ProgressReportListWire;
    expect(list.due).toMatchObject({ due_on: null, treatment_days_left: 5 });
    const draft = await world.t.app.inject({ method: "POST", url: `/api/patients/${world.patientId}/progress-reports/`, headers: { ...world.headers.slp, "content-type": "application/json" }, payload: "{}" });
    expect(draft.json()).toMatchObject({ npi_required: true });
  });
});
