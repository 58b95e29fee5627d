import { fc } from "@fast-check/vitest";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEMO_PASSWORD } from "../../config.ts";
import { auditStatementsDuring, whileAuditRefuses } from "../../audit/audit-statement.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { DEMO_TEMPLATE } from "../../seed/demo-template.test-helper.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { preAuthToken, signIn, withBearer, withToken } from "../../auth/auth.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

const URL = "/api/patients/dashboard/";
const SEED_TIMEOUT = 300_000;

type Row = {
  id: number;
  initials: string;
  email: string;
  first_name: string;
  last_name: string;
  last_updated: string | null;
  games_to_review: number;
  reviewed_status: "pending" | "reviewed";
};
type Page = { current_page: number; total_pages: number; count: number; results: Row[] };

const demo = (email: string) => ({ id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null });

describe.each(TEST_DRIVERS)("GET patients/dashboard on %s", (driver) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let slpStaffId = 0;
  let riversideId = 0;

  beforeAll(async () => {
    t = await createTestApp(driver, { template: DEMO_TEMPLATE });
    const db = t.database.db;
    const [slp] = await db
      .select({ staffId: staff.id, institutionId: staff.institutionId })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(users.email, "slp@demo.test"));
    slpStaffId = slp?.staffId ?? 0;
    riversideId = slp?.institutionId ?? 0;
    // Names with LIKE wildcards, to show they match literally.
    await db.insert(patients).values([
      { institutionId: riversideId, firstName: "Wild", lastName: "Per%cent", email: "wild.percent@demo.test", birthdate: "1950-01-01", gender: "female", assignedStaffId: slpStaffId },
      { institutionId: riversideId, firstName: "Wild", lastName: "Under_score", email: "wild.under@demo.test", birthdate: "1950-01-01", gender: "male", assignedStaffId: slpStaffId },
      { institutionId: riversideId, firstName: "Wild", lastName: "Plain", email: "wild.plain@demo.test", birthdate: "1950-01-01", gender: "male", assignedStaffId: slpStaffId },
    ]);
    for (const email of ["slp@demo.test", "admin@demo.test", "admin@other.test", "super@demo.test", "staffadmin@demo.test"]) {
      tokens[email] = (await signIn(t, demo(email))).access;
    }
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  const get = (email: string, query = "") => t.app.inject({ url: `${URL}${query}`, headers: withBearer(tokens[email] ?? "") });
  const page = async (email: string, query = ""): Promise<Page> => {
    const response = await get(email, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const allRows = async (email: string, query = ""): Promise<Row[]> => {
    const first = await page(email, `?page_size=100${query}`);
    const rows = [...first.results];
    for (let n = 2; n <= first.total_pages; n += 1) rows.push(...(await page(email, `?page_size=100&page=${n}${query}`)).results);
    return rows;
  };

  // Each shape (caseload or institution, with or without a search) is one statement built once
  // (issue 36): whichever ran before on the connection, each answers as it did on its own.
  it("answers each shape the same whichever shapes ran before it", async () => {
    const shapes: Array<[string, string]> = [
      ["slp@demo.test", ""],
      ["admin@demo.test", "?search=wild"],
      ["slp@demo.test", "?search=wild&page_size=2&page=2"],
      ["admin@demo.test", "?page_size=5&page=2"],
      ["staffadmin@demo.test", "?search=per%25"],
    ];
    const first = await Promise.all(shapes.map(([email, query]) => page(email, query)));
    expect(first[1]?.results.map((row) => row.last_name).sort()).toEqual(["Per%cent", "Plain", "Under_score"]);
    expect(first[2]?.results).toHaveLength(1);
    expect(first[3]?.results).toHaveLength(5);
    expect(first[4]?.results.map((row) => row.last_name)).toEqual(["Per%cent"]);
    for (const order of [[4, 3, 2, 1, 0], [2, 0, 4, 1, 3]]) {
      for (const index of order) {
        const [email, query] = shapes[index] ?? ["", ""];
        expect(await page(email, query)).toEqual(first[index]);
      }
    }
  });

  it("an SLP sees exactly the patients assigned to them", async () => {
    const db = t.database.db;
    const assigned = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.assignedStaffId, slpStaffId), isNull(patients.archivedAt)));
    const first = await page("slp@demo.test");
    expect(first.count).toBe(assigned.length);
    const rows = await allRows("slp@demo.test");
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(assigned.map((row) => row.id).sort((a, b) => a - b));
  });

  it("pages: sizes, total_pages, count, no overlap, past the end empty", async () => {
    const admin = "admin@demo.test";
    const first = await page(admin, "?page_size=3");
    const second = await page(admin, "?page_size=3&page=2");
    expect(first.current_page).toBe(1);
    expect(second.current_page).toBe(2);
    expect(first.count).toBeGreaterThan(3);
    expect(first.total_pages).toBe(Math.ceil(first.count / 3));
    expect(first.results).toHaveLength(3);
    expect(second.results.length).toBe(Math.min(3, first.count - 3));
    const ids = new Set(first.results.map((row) => row.id));
    expect(second.results.some((row) => ids.has(row.id))).toBe(false);
    const beyond = await page(admin, `?page_size=3&page=${first.total_pages + 1}`);
    expect(beyond.results).toEqual([]);
    expect(beyond.total_pages).toBe(first.total_pages);
    const defaults = await page(admin);
    expect(defaults.results.length).toBe(Math.min(10, defaults.count));
  });

  it("rows: initials, review status, order (games to review first, then newest)", async () => {
    const rows = await allRows("admin@demo.test");
    for (const row of rows) {
      expect(row.reviewed_status).toBe(row.games_to_review > 0 ? "pending" : "reviewed");
      expect(row.initials).toMatch(/^[A-Z]{1,2}$|^NA$/);
    }
    const pendingFlags = rows.map((row) => row.games_to_review > 0);
    expect(pendingFlags).toEqual([...pendingFlags].sort((a, b) => Number(b) - Number(a)));
    const wild = rows.find((row) => row.last_name === "Per%cent");
    expect(wild?.initials).toBe("WP");
  });

  it("an institution admin and a staff admin see only their institution", async () => {
    const db = t.database.db;
    const [other] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.name, "Lakeside Rehabilitation"));
    for (const [email, institutionId] of [["admin@other.test", other?.id ?? -1], ["admin@demo.test", riversideId], ["staffadmin@demo.test", riversideId]] as const) {
      const rows = await allRows(email);
      const [expected] = await db
        .select({ total: count() })
        .from(patients)
        .where(and(eq(patients.institutionId, institutionId), isNull(patients.archivedAt)));
      expect(rows.length).toBe(expected?.total);
      if (rows.length === 0) continue;
      const owned = await db.select({ id: patients.id, institutionId: patients.institutionId }).from(patients);
      const institutionOf = new Map(owned.map((row) => [row.id, row.institutionId]));
      expect(rows.every((row) => institutionOf.get(row.id) === institutionId)).toBe(true);
    }
    const others = await allRows("admin@other.test");
    expect(others.some((row) => row.email.endsWith("@demo.test") && row.last_name === "Per%cent")).toBe(false);
  });

  it("search: last name, e-mail, case-insensitive, trimmed, wildcards literal", async () => {
    const admin = "admin@demo.test";
    expect((await allRows(admin, "&search=under_score")).map((row) => row.last_name)).toEqual(["Under_score"]);
    expect((await allRows(admin, "&search=%20WILD.PLAIN@DEMO.TEST%20")).map((row) => row.last_name)).toEqual(["Plain"]);
    expect((await allRows(admin, "&search=per%25c")).map((row) => row.last_name)).toEqual(["Per%cent"]);
    // `_` and `%` alone match only names that contain them.
    expect((await allRows(admin, "&search=_")).every((row) => `${row.first_name}${row.last_name}${row.email}`.includes("_"))).toBe(true);
    expect((await allRows(admin, "&search=%25")).map((row) => row.last_name)).toEqual(["Per%cent"]);
    expect(await allRows("admin@other.test", "&search=wild")).toEqual([]);
  });

  it("refuses: super admin 403, no token 401, pre-auth token 401, bad page_size 400", async () => {
    const superAdmin = await get("super@demo.test");
    expect(superAdmin.statusCode).toBe(403);
    expect(superAdmin.json()).toMatchObject({ code: "ERROR_001" });
    expect((await t.app.inject({ url: URL, headers: API_KEY_HEADER })).statusCode).toBe(401);
    const preAuth = await preAuthToken(t, demo("slp@demo.test"));
    expect((await t.app.inject({ url: URL, headers: withToken(preAuth) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: URL, headers: withBearer(preAuth) })).statusCode).toBe(401);
    for (const query of ["?page_size=0", "?page_size=101", "?page_size=abc", "?page=0", "?page=-1", "?unknown=1"]) {
      const bad = await get("slp@demo.test", query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ code: "ERROR_056" });
    }
  });

  it("writes one audit row per call, without patient names", async () => {
    const db = t.database.db;
    const before = await db.select().from(auditEvents).where(eq(auditEvents.resource, "patient_dashboard")).orderBy(asc(auditEvents.id));
    await page("slp@demo.test", "&search=Wild".replace("&", "?"));
    await get("super@demo.test");
    const after = await db.select().from(auditEvents).where(eq(auditEvents.resource, "patient_dashboard")).orderBy(asc(auditEvents.id));
    const added = after.slice(before.length);
    expect(added.map((row) => [row.action, row.outcome])).toEqual([["read", "success"], ["read", "denied"]]);
    const [slpUser] = await db.select({ id: users.id, institutionId: users.institutionId }).from(users).where(eq(users.email, "slp@demo.test"));
    expect(added[0]).toMatchObject({ userId: slpUser?.id, institutionId: slpUser?.institutionId, resourceId: null });
    expect(JSON.stringify(added)).not.toMatch(/Wild|Per%cent/);
  });

  it("writes the read's audit row in the page's own statement, and answers nothing when the row cannot be written", async () => {
    const db = t.database.db;
    const statements = await auditStatementsDuring(t.database, "patient_dashboard", async () => {
      expect((await get("slp@demo.test")).statusCode).toBe(200);
      expect((await get("admin@demo.test", "?search=Wild&page=1")).statusCode).toBe(200);
    });
    // One row each, written by the statement that read the page (not an INSERT of its own).
    expect(statements).toHaveLength(2);
    for (const statement of statements) expect(statement).toMatch(/from "patient_activity"/);
    const rowsNow = async () => (await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.resource, "patient_dashboard")))[0]?.n;
    const before = await rowsNow();
    await whileAuditRefuses(t.database, "patient_dashboard", async () => {
      const refused = await get("slp@demo.test");
      expect(refused.statusCode).toBe(500);
      expect(refused.body).not.toMatch(/Wild|@demo\.test/);
    });
    expect(await rowsNow()).toBe(before);
    expect((await get("slp@demo.test")).statusCode).toBe(200);
  });

  it("random query strings never answer 500", async () => {
    const key = fc.constantFrom("page", "page_size", "search", "x", "");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, fc.string({ maxLength: 30 })), { maxLength: 4 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
        const response = await get("admin@demo.test", `?${query}`);
        expect(response.statusCode, query).toBeLessThan(500);
      }),
      { numRuns: fuzzRuns(60) },
    );
  });
});
