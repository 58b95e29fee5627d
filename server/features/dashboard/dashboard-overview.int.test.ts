import { fc } from "@fast-check/vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import type { StaffStatus } from "../../../domain/shared/statuses/staff-status.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { roles } from "../../db/schema/roles.ts";
import { gameSessions } from "../../db/schema/sessions.ts";
import { administrators, staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { syncReferenceData } from "../../seed/reference-data.ts";
import { API_KEY_HEADER, TEST_START, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { type TestAccount, createAccount, signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

const URL = "/api/dashboard/overview/";
const DAY = 86_400_000;
const ago = (ms: number) => new Date(TEST_START.getTime() - ms);

type Counts = { active: number; pending: number; inactive: number };
type Figures = {
  patients: Counts;
  slps: Counts;
  sessions_played: number;
  sessions_awaiting_review: number;
  patients_without_activity: number;
};
type Overview = {
  period_days: number;
  generated_at: string;
  totals: Figures;
  institutions: Array<Figures & { id: number; name: string }>;
  inactive_patients: Array<{
    id: number;
    first_name: string;
    last_name: string;
    last_session_at: string | null;
    assigned_slp: { id: number; first_name: string; last_name: string } | null;
  }>;
};

// A small world with known numbers, at TEST_START (2026-03-01 12:00 UTC); the week is
// (2026-02-22 12:00, 2026-03-01 12:00]. Institution A:
//   Ada     active,   sessions 1 day ago (not reviewed) and 3 days ago (reviewed)
//   Boris   active,   one session exactly 7 days ago (not reviewed): outside the week, so quiet
//   Cleo    active,   one session 7 days minus 1 second ago (not reviewed): inside the week
//   Dora    active,   never played, assigned to the SLP
//   Emil    active,   last played 30 days ago
//   Fay     pending,  never played (not counted as quiet: she has not started)
//   Gus     inactive, last played 20 days ago (not counted as quiet: therapy paused)
//   Hal     active but archived, played yesterday: left out of everything
//   SLPs: one active (the signed-in SLP), one pending, one inactive, one deleted (left out).
// Institution B: Secretia active, played 2 days ago (not reviewed); Hiddenson active, never played.
const EXPECTED_A: Figures = {
  patients: { active: 5, pending: 1, inactive: 1 },
  slps: { active: 1, pending: 1, inactive: 1 },
  sessions_played: 3,
  sessions_awaiting_review: 2,
  patients_without_activity: 3,
};
const EXPECTED_B: Figures = {
  patients: { active: 2, pending: 0, inactive: 0 },
  slps: { active: 0, pending: 0, inactive: 0 },
  sessions_played: 1,
  sessions_awaiting_review: 1,
  patients_without_activity: 1,
};

describe.each(TEST_DRIVERS)("GET dashboard/overview on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let institutionA = 0;
  let institutionB = 0;
  let slpStaffId = 0;
  const patientIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    await syncReferenceData(db);
    const adminA = await createAccount(t, { email: "admin@a.test", role: "institution_admin" });
    const adminB = await createAccount(t, { email: "admin@b.test", role: "institution_admin" });
    const staffAdminA = await createAccount(t, { email: "staffadmin@a.test", role: "staff_admin" });
    const slpA = await createAccount(t, { email: "slp@a.test", role: "staff" });
    const superAdmin = await createAccount(t, { email: "super@x.test", role: "super_admin" });
    institutionA = adminA.institutionId ?? 0;
    institutionB = adminB.institutionId ?? 0;
    await db.update(institutions).set({ name: "Alpha Clinic" }).where(eq(institutions.id, institutionA));
    await db.update(institutions).set({ name: "Beta Clinic" }).where(eq(institutions.id, institutionB));
    // createAccount gives every account its own institution: move these two into A, drop the spares.
    const spare = [staffAdminA.institutionId ?? 0, slpA.institutionId ?? 0];
    await db.update(users).set({ institutionId: institutionA }).where(inArray(users.id, [staffAdminA.id, slpA.id]));
    await db.update(administrators).set({ institutionId: institutionA }).where(eq(administrators.userId, staffAdminA.id));
    await db.update(staff).set({ institutionId: institutionA }).where(eq(staff.userId, slpA.id));
    await db.delete(institutions).where(inArray(institutions.id, spare));
    const [slpRow] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, slpA.id));
    slpStaffId = slpRow?.id ?? 0;

    const [staffRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, "staff"));
    const addSlp = async (email: string, status: StaffStatus, archived = false) => {
      const [user] = await db
        .insert(users)
        .values({ email, firstName: "Extra", lastName: "Slp", roleId: staffRole?.id ?? 0, institutionId: institutionA, archivedAt: archived ? ago(DAY) : null })
        .returning({ id: users.id });
      await db.insert(staff).values({ userId: user?.id ?? 0, institutionId: institutionA, status });
    };
    await addSlp("pending.slp@a.test", "pending");
    await addSlp("inactive.slp@a.test", "inactive");
    await addSlp("deleted.slp@a.test", "active", true);

    const [game] = await db.select({ id: games.id }).from(games).limit(1);
    const gameId = game?.id ?? 0;
    const addPatient = async (
      institutionId: number,
      firstName: string,
      status: PatientStatus,
      sessions: ReadonlyArray<{ at: Date; reviewed: boolean }>,
      extra: { archived?: boolean; staffId?: number } = {},
    ) => {
      const [patient] = await db
        .insert(patients)
        .values({
          institutionId,
          firstName,
          lastName: `${firstName}son`,
          email: `${firstName.toLowerCase()}@patients.test`,
          birthdate: "1950-01-01",
          gender: "female",
          status,
          assignedStaffId: extra.staffId ?? null,
          archivedAt: extra.archived === true ? ago(DAY / 2) : null,
        })
        .returning({ id: patients.id });
      const patientId = patient?.id ?? 0;
      patientIds[firstName] = patientId;
      if (sessions.length === 0) return;
      const [level] = await db
        .insert(patientGameLevels)
        .values({ patientId, gameId, difficulty: "easy", amountChallenges: 1, amountTrials: 1, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 1 })
        .returning({ id: patientGameLevels.id });
      await db.insert(gameSessions).values(
        sessions.map((session) => ({
          patientGameLevelId: level?.id ?? 0,
          patientId,
          gameId,
          difficulty: "easy" as const,
          startTime: session.at,
          reviewed: session.reviewed,
        })),
      );
    };
    await addPatient(institutionA, "Ada", "active", [
      { at: ago(DAY), reviewed: false },
      { at: ago(3 * DAY), reviewed: true },
    ]);
    await addPatient(institutionA, "Boris", "active", [{ at: ago(7 * DAY), reviewed: false }]);
    await addPatient(institutionA, "Cleo", "active", [{ at: ago(7 * DAY - 1000), reviewed: false }]);
    await addPatient(institutionA, "Dora", "active", [], { staffId: slpStaffId });
    await addPatient(institutionA, "Emil", "active", [{ at: ago(30 * DAY), reviewed: true }]);
    await addPatient(institutionA, "Fay", "pending", []);
    await addPatient(institutionA, "Gus", "inactive", [{ at: ago(20 * DAY), reviewed: false }]);
    await addPatient(institutionA, "Hal", "active", [{ at: ago(DAY), reviewed: false }], { archived: true });
    await addPatient(institutionB, "Secretia", "active", [{ at: ago(2 * DAY), reviewed: false }]);
    await addPatient(institutionB, "Hiddenson", "active", []);

    const accounts: Record<string, TestAccount> = { adminA, adminB, staffAdminA, slpA, superAdmin };
    for (const [name, account] of Object.entries(accounts)) tokens[name] = (await signIn(t, account)).access;
  }, 60_000);
  afterAll(() => t?.close());

  const get = (who: string, query = "", url = URL) => t.app.inject({ url: `${url}${query}`, headers: withBearer(tokens[who] ?? "") });
  const overview = async (who: string, query = ""): Promise<Overview> => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Overview;
  };

  it("an institution admin sees exact figures for their own institution only", async () => {
    const body = await overview("adminA");
    expect(body.period_days).toBe(7);
    expect(body.generated_at).toBe(TEST_START.toISOString());
    expect(body.totals).toEqual(EXPECTED_A);
    expect(body.institutions).toEqual([{ id: institutionA, name: "Alpha Clinic", ...EXPECTED_A }]);
    expect(JSON.stringify(body)).not.toMatch(/Secretia|Hiddenson|Beta Clinic/);
  });

  it("names the quiet patients, never-played first then longest quiet, with their SLP", async () => {
    const body = await overview("adminA");
    expect(body.inactive_patients).toEqual([
      { id: patientIds.Dora, first_name: "Dora", last_name: "Dorason", last_session_at: null, assigned_slp: { id: slpStaffId, first_name: "Test", last_name: "Person" } },
      { id: patientIds.Emil, first_name: "Emil", last_name: "Emilson", last_session_at: ago(30 * DAY).toISOString(), assigned_slp: null },
      { id: patientIds.Boris, first_name: "Boris", last_name: "Borisson", last_session_at: ago(7 * DAY).toISOString(), assigned_slp: null },
    ]);
  });

  it("a staff admin sees their institution like its admin; the other institution's admin sees only theirs", async () => {
    expect(await overview("staffAdminA")).toEqual(await overview("adminA"));
    const b = await overview("adminB");
    expect(b.totals).toEqual(EXPECTED_B);
    expect(b.institutions.map((row) => row.id)).toEqual([institutionB]);
    expect(b.inactive_patients.map((row) => row.first_name)).toEqual(["Hiddenson"]);
    expect(JSON.stringify(b)).not.toMatch(/Ada|Boris|Dora|Alpha Clinic/);
  });

  it("an admin may name their own institution but not another (403, ERROR_001)", async () => {
    expect((await overview("adminA", `?institution=${institutionA}`)).totals).toEqual(EXPECTED_A);
    const other = await get("adminA", `?institution=${institutionB}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: "ERROR_001" });
    expect(other.body).not.toMatch(/Secretia/);
  });

  it("the super admin sees every institution and the totals, counts only, and may narrow to one", async () => {
    const body = await overview("superAdmin");
    expect(body.institutions).toEqual([
      { id: institutionA, name: "Alpha Clinic", ...EXPECTED_A },
      { id: institutionB, name: "Beta Clinic", ...EXPECTED_B },
    ]);
    expect(body.totals).toEqual({
      patients: { active: 7, pending: 1, inactive: 1 },
      slps: { active: 1, pending: 1, inactive: 1 },
      sessions_played: 4,
      sessions_awaiting_review: 3,
      patients_without_activity: 4,
    });
    expect(body.inactive_patients).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/Ada|Dora|Secretia|Hiddenson|patients\.test/);
    const narrowed = await overview("superAdmin", `?institution=${institutionB}`);
    expect(narrowed.institutions).toEqual([{ id: institutionB, name: "Beta Clinic", ...EXPECTED_B }]);
    expect(narrowed.totals).toEqual(EXPECTED_B);
    expect(narrowed.inactive_patients).toEqual([]);
    const unknown = await get("superAdmin", "?institution=999999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "ERROR_030" });
  });

  it("answers with and without the trailing slash", async () => {
    const bare = await get("adminA", "", "/api/dashboard/overview");
    expect(bare.statusCode).toBe(200);
    expect((bare.json() as Overview).totals).toEqual(EXPECTED_A);
  });

  it("refuses: SLP 403, no token 401, bad query 400 ERROR_056", async () => {
    const slp = await get("slpA");
    expect(slp.statusCode).toBe(403);
    expect(slp.json()).toMatchObject({ code: "ERROR_001" });
    expect(slp.body).not.toMatch(/Ada|Dora/);
    expect((await t.app.inject({ url: URL, headers: API_KEY_HEADER })).statusCode).toBe(401);
    for (const query of ["?institution=abc", "?institution=0", "?institution=-3", "?institution=1&institution=2", "?page=1", "?institution="]) {
      const bad = await get("superAdmin", query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ code: "ERROR_056" });
    }
  });

  it("writes one audit row per call, naming the institution, never a patient", async () => {
    const db = t.database.db;
    const before = await db.select().from(auditEvents).where(eq(auditEvents.resource, "dashboard_overview")).orderBy(asc(auditEvents.id));
    await overview("adminA");
    await get("slpA");
    await overview("superAdmin");
    await get("superAdmin", "?institution=abc");
    const after = await db.select().from(auditEvents).where(eq(auditEvents.resource, "dashboard_overview")).orderBy(asc(auditEvents.id));
    const added = after.slice(before.length);
    expect(added.map((row) => [row.action, row.outcome, row.resourceId, row.reason])).toEqual([
      ["read", "success", String(institutionA), null],
      ["read", "denied", null, "slp_dashboard"],
      ["read", "success", null, null],
      ["read", "failure", null, "invalid_query"],
    ]);
    expect(JSON.stringify(added)).not.toMatch(/Ada|Dora|Secretia/);
  });

  it("random query strings never answer 500", async () => {
    const key = fc.constantFrom("institution", "page", "x", "");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, fc.string({ maxLength: 20 })), { maxLength: 3 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
        const response = await get("superAdmin", `?${query}`);
        expect(response.statusCode, query).toBeLessThan(500);
      }),
      { numRuns: fuzzRuns(40) },
    );
  });

  // Last: it moves the clock, which only goes forward.
  it("one second later, the session of 7 days minus 1 second has left the week", async () => {
    t.clock.advance(1000);
    const body = await overview("adminA");
    expect(body.totals.sessions_played).toBe(2);
    expect(body.totals.sessions_awaiting_review).toBe(1);
    expect(body.totals.patients_without_activity).toBe(4);
    expect(body.inactive_patients.map((row) => row.first_name)).toEqual(["Dora", "Emil", "Boris", "Cleo"]);
  });
});
