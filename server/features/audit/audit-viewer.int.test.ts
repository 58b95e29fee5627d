import * as Schema from "effect/Schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditAlerts } from "../../../domain/audit/audit-alerts.ts";
import { AUDIT_EXPORT_COLUMNS } from "../../../domain/audit/audit-csv.ts";
import { AuditEventsPage, AuditExport, AuditReview, AuditReviews, PatientAccessReport, PersonActivityReport } from "../../../domain/audit/audit-wire.ts";
import { parseCsv } from "../../../domain/shared/format/csv.ts";
import { createAccount, signIn, withBearer, type TestAccount } from "../../auth/auth.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";

// The audit log viewer (issue 38) on each database: who sees which rows, the filters, keyset
// paging against the rows read straight from the table, the reports, the export, the sign-off,
// and that reading the log is itself audited.
const SETUP_TIMEOUT = 180_000;
const decode = <S extends Schema.Top>(schema: S, value: unknown) => Schema.decodeUnknownSync(schema as never, { onExcessProperty: "error" })(value) as S["Type"];

type Failure = { code: string; detail: { field?: string } | null };

describe.each(TEST_DRIVERS)("the audit log viewer on %s", (driver) => {
  let t: TestApp;
  let admin: TestAccount;
  let other: TestAccount;
  let slp: TestAccount;
  let headers: Record<"admin" | "other" | "super" | "slp", Record<string, string>>;
  let patientId: number;
  let otherPatientId: number;
  const seeded: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    admin = await createAccount(t, { email: "admin@audit-river.test", role: "institution_admin" });
    other = await createAccount(t, { email: "admin@audit-lake.test", role: "institution_admin" });
    slp = await createAccount(t, { email: "slp@audit-river.test", role: "staff" });
    const superAdmin = await createAccount(t, { email: "super@audit.test", role: "super_admin" });
    // createAccount gives each account a clinic of its own; the SLP works at the administrator's.
    await db.update(users).set({ institutionId: admin.institutionId }).where(eq(users.id, slp.id));
    await db.update(staff).set({ institutionId: admin.institutionId ?? 0 }).where(eq(staff.userId, slp.id));
    const bearer = async (account: TestAccount) => withBearer((await signIn(t, account)).access);
    headers = { admin: await bearer(admin), other: await bearer(other), super: await bearer(superAdmin), slp: await bearer(slp) };
    const patient = (institutionId: number, email: string) => ({ institutionId, firstName: "Audit", lastName: "Patient", email, birthdate: "1950-01-01", gender: "female" as const });
    const [mine] = await db.insert(patients).values(patient(admin.institutionId ?? 0, "p1@audit-river.test")).returning({ id: patients.id });
    const [theirs] = await db.insert(patients).values(patient(other.institutionId ?? 0, "p2@audit-lake.test")).returning({ id: patients.id });
    patientId = mine?.id ?? 0;
    otherPatientId = theirs?.id ?? 0;
    // 60 rows of the admin's institution over three days, some about the patient, one denied; and a few of the other institution.
    const base = Date.parse("2026-02-10T08:00:00Z");
    const rows = Array.from({ length: 60 }, (_, i) => ({
      occurredAt: new Date(base + Math.floor(i / 20) * 86_400_000 + (i % 20) * 60_000),
      userId: i % 3 === 0 ? slp.id : admin.id,
      institutionId: admin.institutionId,
      ip: i % 2 === 0 ? "10.0.0.1" : "10.0.0.2",
      action: i % 4 === 0 ? "update" : "read",
      resource: i % 5 === 0 ? "patient" : "game_session",
      resourceId: i % 5 === 0 ? String(patientId) : String(1000 + i),
      // One read of the patient's session, which the trail marks with the patient (migration 0033).
      patientId: i === 1 ? patientId : null,
      outcome: i === 7 ? ("denied" as const) : ("success" as const),
      requestId: `seed-${i}`,
    }));
    const written = await db.insert(auditEvents).values(rows).returning({ id: auditEvents.id });
    seeded.push(...written.map((row) => row.id));
    // For the saved alerts: a burst of five failed passwords from one address (and a sixth an hour later), an export and a deactivation in working hours.
    const failed = (minute: number) => ({ occurredAt: new Date(Date.parse("2026-02-15T14:00:00Z") + minute * 60_000), userId: null, institutionId: admin.institutionId, ip: "10.6.6.6", action: "auth.password", resource: "auth_session", outcome: "failure" as const, reason: "wrong_password", requestId: `failed-${minute}` });
    await db.insert(auditEvents).values([...[0, 2, 4, 6, 8, 70].map(failed),
      { occurredAt: new Date("2026-02-16T15:00:00Z"), userId: admin.id, institutionId: admin.institutionId, ip: "10.0.0.1", action: "export", resource: "rtm_month", resourceId: "2026-01", outcome: "success", requestId: "export-1" },
      { occurredAt: new Date("2026-02-16T15:30:00Z"), userId: admin.id, institutionId: admin.institutionId, ip: "10.0.0.1", action: "inactivate", resource: "staff", resourceId: "9", outcome: "success", requestId: "privilege-1" },
    ]);
    await db.insert(auditEvents).values([
      { occurredAt: new Date(base), userId: other.id, institutionId: other.institutionId, ip: "10.9.9.9", action: "read", resource: "patient", resourceId: String(otherPatientId), outcome: "success", requestId: "lake" },
      { occurredAt: new Date(base), userId: other.id, institutionId: other.institutionId, ip: "10.9.9.9", action: "update", resource: "institution", resourceId: String(other.institutionId), outcome: "success", requestId: "lake-inst" },
    ]);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  const get = (who: keyof typeof headers, url: string, accept?: string) =>
    t.app.inject({ method: "GET", url, headers: { ...headers[who], ...(accept === undefined ? {} : { accept }) } });
  const page = async (who: keyof typeof headers, query: string) => {
    const response = await get(who, `/api/audit/events/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return decode(AuditEventsPage, response.json());
  };
  const walk = async (who: keyof typeof headers, query: string): Promise<number[]> => {
    const ids: number[] = [];
    let current = await page(who, query);
    for (;;) {
      ids.push(...current.results.map((row) => row.id));
      if (current.next === null) return ids;
      current = await page(who, `${query}&after=${encodeURIComponent(current.next)}`);
    }
  };

  it("walks an institution's rows by keys in every order, each row once, as the table sorts them", async () => {
    const mine = await t.database.db.select().from(auditEvents).where(eq(auditEvents.institutionId, admin.institutionId ?? 0));
    const seed = (id: number) => seeded.includes(id);
    const newestFirst = (await walk("admin", "page_size=7")).filter(seed);
    expect(newestFirst).toEqual(
      mine.filter((row) => seed(row.id)).sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.id - a.id).map((row) => row.id),
    );
    for (const sort of ["person", "action", "kind", "outcome", "ip"]) {
      for (const direction of ["asc", "desc"]) {
        const ids = await walk("admin", `sort=${sort}&direction=${direction}&page_size=9&from=2026-02-10&to=2026-02-12`);
        expect(new Set(ids).size, `${sort} ${direction}`).toBe(ids.length);
        expect([...ids].sort((a, b) => a - b), `${sort} ${direction}`).toEqual([...seeded].sort((a, b) => a - b));
      }
    }
  });

  it("filters by person, patient, action, kind, outcome, IP and days, and never shows another institution's rows", async () => {
    const about = await page("admin", `patient=${patientId}&page_size=100`);
    expect(about.results.length).toBe(13);
    expect(about.results.every((row) => row.patient_id === patientId)).toBe(true);
    // The patient's own rows, and the read of a session the trail names the patient on.
    expect(about.results.filter((row) => row.kind === "game_session").map((row) => row.request_id)).toEqual(["seed-1"]);
    const slpUpdates = await page("admin", `user=${slp.id}&action=update&page_size=100`);
    expect(slpUpdates.results.length).toBe(5);
    expect(slpUpdates.results.every((row) => row.user_id === slp.id && row.user_name === "Test Person")).toBe(true);
    expect((await page("admin", "outcome=denied")).results.map((row) => row.request_id)).toEqual(["seed-7"]);
    expect((await page("admin", "ip=10.0.0.2&kind=game_session&from=2026-02-11&to=2026-02-11&page_size=100")).results.length).toBe(8);
    expect((await page("admin", "ip=10.9.9.9")).results).toEqual([]);
    // Another institution's patient is refused as another institution's, audited as denied.
    const refused = await get("admin", `/api/audit/events/?patient=${otherPatientId}`);
    expect(refused.statusCode).toBe(403);
    expect((await page("other", "page_size=100")).results.every((row) => row.institution_id === other.institutionId)).toBe(true);
  });

  it("shows the super administrator institution-level rows only, never one about a patient", async () => {
    const rows = (await page("super", "page_size=100")).results;
    expect((await page("super", "kind=institution")).results.map((row) => row.request_id)).toContain("lake-inst");
    expect(rows.filter((row) => ["patient", "game_session"].includes(row.kind))).toEqual([]);
    expect((await page("super", `patient=${otherPatientId}`)).results).toEqual([]);
  });

  it("refuses SLPs (403) and bad filters with catalogued codes, never a 500", async () => {
    expect((await get("slp", "/api/audit/events/")).statusCode).toBe(403);
    const cases: Array<[string, number, string, string | undefined]> = [
      ["sort=colour", 400, "ERROR_056", "sort"],
      ["outcome=maybe", 400, "ERROR_056", "outcome"],
      ["from=2026-02-30", 400, "ERROR_056", "from"],
      ["from=2026-03-02&to=2026-03-01", 400, "ERROR_034", "from"],
      ["page_size=101", 400, "ERROR_056", "page_size"],
      ["ip=not%20an%20ip", 400, "ERROR_056", "ip"],
      ["after=garbage", 400, "ERROR_056", "after"],
      ["sort=time&after=read~5", 400, "ERROR_056", "after"],
      ["user=0", 400, "ERROR_056", "user"],
    ];
    for (const [query, status, code, field] of cases) {
      const response = await get("admin", `/api/audit/events/?${query}`);
      expect(response.statusCode, query).toBe(status);
      const body = response.json() as Failure;
      expect(body.code, query).toBe(code);
      if (field !== undefined) expect(body.detail?.field, query).toBe(field);
    }
  });

  it("answers who accessed the patient and what a person did, over at most a year", async () => {
    const access = await get("admin", `/api/audit/reports/patient-access/?patient=${patientId}&from=2026-02-01&to=2026-02-28`);
    expect(access.statusCode, access.body).toBe(200);
    const report = decode(PatientAccessReport, access.json());
    expect(report.people.map((line) => line.user_id).sort()).toEqual([admin.id, slp.id].sort());
    expect(report.people.reduce((sum, line) => sum + line.events, 0)).toBe(13);
    const activity = await get("admin", `/api/audit/reports/person-activity/?user=${slp.id}&from=2026-02-01&to=2026-02-28`);
    const did = decode(PersonActivityReport, activity.json());
    expect(did.user_name).toBe("Test Person");
    expect(did.activity.reduce((sum, line) => sum + line.events, 0)).toBe(20);
    // Another institution's administrator learns nothing of this person, not even the name.
    const theirs = decode(PersonActivityReport, (await get("other", `/api/audit/reports/person-activity/?user=${slp.id}&from=2026-02-01&to=2026-02-28`)).json());
    expect([theirs.activity, theirs.user_name]).toEqual([[], null]);
    const tooLong = await get("admin", `/api/audit/reports/patient-access/?patient=${patientId}&from=2025-01-01&to=2026-02-28`);
    expect([tooLong.statusCode, (tooLong.json() as Failure).code]).toEqual([400, "ERROR_056"]);
  });

  it("exports the filtered rows as CSV, streamed, and audits the viewing and the export", async () => {
    const response = await get("admin", `/api/audit/events.csv?patient=${patientId}&from=2026-02-01&to=2026-02-28`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain(`audit-patient-${patientId}-2026-02-01-to-2026-02-28.csv`);
    const records = parseCsv(response.body);
    expect(records[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(records.slice(1).every((record) => record[8] === String(patientId))).toBe(true);
    expect(records.length - 1).toBe(13);
    const envelope = decode(AuditExport, (await get("admin", `/api/audit/events.csv?patient=${patientId}&from=2026-02-01&to=2026-02-28`, "application/json")).json());
    expect(envelope.csv).toBe(response.body);
    const missing = await get("admin", "/api/audit/events.csv?from=2026-02-01");
    expect([missing.statusCode, (missing.json() as Failure).code]).toEqual([400, "ERROR_003"]);
    const trail = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.userId, admin.id), eq(auditEvents.resource, "audit_log")));
    expect(trail.some((row) => row.action === "export" && row.resourceId === String(patientId) && row.outcome === "success")).toBe(true);
    expect(trail.some((row) => row.action === "read" && row.outcome === "denied" && row.reason === "other_institution")).toBe(true);
  });

  it("counts the saved alerts over the period: after hours on the institution's clocks, exports, a burst of failed sign-ins, privilege changes", async () => {
    const response = await get("admin", "/api/audit/alerts/?from=2026-02-01&to=2026-02-28");
    expect(response.statusCode, response.body).toBe(200);
    const { alerts } = decode(AuditAlerts, response.json());
    const rows = Object.fromEntries(alerts.map((alert) => [alert.id, alert.rows]));
    // The seeded reads are at 08:00 UTC, 03:00 in New York (the institution's default zone): all 59 allowed ones.
    expect(rows).toEqual({ after_hours: 59, bulk_exports: 1, failed_sign_ins: 1, privilege_changes: 1, outside_caseload: 0 });
    expect(alerts.find((alert) => alert.id === "failed_sign_ins")?.last_at).toBe("2026-02-15T14:08:00.000Z");
    const theirs = decode(AuditAlerts, (await get("other", "/api/audit/alerts/?from=2026-02-01&to=2026-02-28")).json());
    // Their institution's two rows, both at 03:00 on its clocks.
    expect(theirs.alerts.map((alert) => alert.rows)).toEqual([2, 0, 0, 0, 0]);
    expect((await get("admin", "/api/audit/alerts/?from=2026-02-28&to=2026-02-01")).json()).toMatchObject({ code: "ERROR_034" });
  });

  it("flags an SLP's access to a patient outside their caseload, written behind the app's back", async () => {
    const db = t.database.db;
    const [slpStaff] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, slp.id));
    const [assigned] = await db
      .insert(patients)
      .values({ institutionId: admin.institutionId ?? 0, firstName: "Caseload", lastName: "Patient", email: "p3@audit-river.test", birthdate: "1950-01-01", gender: "female", assignedStaffId: slpStaff?.id ?? null })
      .returning({ id: patients.id });
    const read = (patient: number, outcome: "success" | "denied", minute: number) => ({
      occurredAt: new Date(Date.parse("2026-01-20T15:00:00Z") + minute * 60_000),
      userId: slp.id,
      role: "staff",
      institutionId: admin.institutionId,
      patientId: patient,
      ip: "10.0.0.3",
      action: "read",
      resource: "patient",
      resourceId: String(patient),
      outcome,
      requestId: `caseload-${minute}`,
    });
    // Their own patient (fine), a refused try at another (the rules held), and one read of another let through.
    await db.insert(auditEvents).values([read(assigned?.id ?? 0, "success", 0), read(patientId, "denied", 1), read(patientId, "success", 2)]);
    const { alerts } = decode(AuditAlerts, (await get("admin", "/api/audit/alerts/?from=2026-01-01&to=2026-01-31")).json());
    expect(alerts.find((alert) => alert.id === "outside_caseload")).toEqual({ id: "outside_caseload", rows: 1, last_at: "2026-01-20T15:02:00.000Z" });
    const theirs = decode(AuditAlerts, (await get("other", "/api/audit/alerts/?from=2026-01-01&to=2026-01-31")).json());
    expect(theirs.alerts.find((alert) => alert.id === "outside_caseload")?.rows).toBe(0);
  });

  it("signs off a reviewed week and lists the latest first, per institution", async () => {
    const post = (who: keyof typeof headers, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/audit/reviews/", headers: { ...headers[who], "content-type": "application/json" }, payload });
    const created = await post("admin", { period_start: "2026-02-16", period_end: "2026-02-22", notes: "  Nothing unusual.  " });
    expect(created.statusCode, created.body).toBe(201);
    const review = decode(AuditReview, created.json());
    expect([review.notes, review.reviewer_id, review.reviewed_at]).toEqual(["Nothing unusual.", admin.id, t.clock.now().toISOString()]);
    expect((await post("admin", { period_start: "2026-02-22", period_end: "2026-02-16", notes: "" })).json()).toMatchObject({ code: "ERROR_034" });
    expect((await post("admin", { period_start: "2026-03-01", period_end: "2026-03-07", notes: "" })).json()).toMatchObject({ code: "ERROR_056" });
    expect((await post("slp", { period_start: "2026-02-16", period_end: "2026-02-22", notes: "" })).statusCode).toBe(403);
    const mine = decode(AuditReviews, (await get("admin", "/api/audit/reviews/")).json());
    expect(mine.results.map((each) => each.id)).toEqual([review.id]);
    expect(decode(AuditReviews, (await get("other", "/api/audit/reviews/")).json()).results).toEqual([]);
    const [row] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.resource, "audit_review"), eq(auditEvents.action, "create")));
    expect(row?.resourceId).toBe(String(review.id));
  });
});
