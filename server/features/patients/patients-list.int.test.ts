import { fc } from "@fast-check/vitest";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PatientOrdering } from "../../../domain/patients/patients-wire.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { auditStatementsDuring, whileAuditRefuses } from "../../audit/audit-statement.test-helper.ts";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { FOLD_FROM, foldForSearch, searchTextOf } from "./search-fold.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

// The patients list against a model computed here: a small clinic seeded at random (fixed seed),
// then random combinations of search, game levels, review state, status, orderings and page size,
// every page fetched and joined, compared with the model's whole ordered list.
const SETUP_TIMEOUT = 180_000;
const URL = "/api/patients/";

type Seeded = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: PatientStatus;
  reviewed: boolean;
  createdAt: number;
  staffId: number | null;
  archived: boolean;
  levels: Array<{ gameId: number; difficulty: Difficulty }>;
};
type Row = { id: number; first_name: string; status: string; reviewed_status: string; created_at: string; staff: { id: number } | null };
type Page = {
  current_page: number;
  total_pages: number;
  count: number;
  count_capped?: boolean;
  results: Row[];
  next_cursor?: string | null;
  prev_cursor?: string | null;
};

const FIRST_NAMES = ["Ann", "anna", "Ánna", "Émile", "emile", "Zoë", "Zoe", "Łukasz", "Bob", "bob", "Çelik", "Ørjan", "Søren", "Straße", "Ma%ria", "Jo_hn", "Ann Marie"];
const LAST_NAMES = ["Smith", "Müller", "Muller", "Dvořák", "O'Neil", "García", "Nguyen", "Åberg"];
const STATUSES: PatientStatus[] = ["active", "pending", "inactive"];
const DIFFICULTIES: Difficulty[] = ["easy", "medium", "hard"];
const ORDERINGS: PatientOrdering[] = ["first_name", "-first_name", "created_at", "-created_at"];

/** Code-point order of folded text, as collation "C" compares UTF-8 bytes. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe.each(TEST_DRIVERS)("GET patients/ against a model on %s", (driver) => {
  let world: PatientsWorld;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    world = await patientsWorld(driver, "list");
    const db = world.t.database.db;
    const random = fc.sample(
      fc.record({
        first: fc.constantFrom(...FIRST_NAMES),
        last: fc.constantFrom(...LAST_NAMES),
        status: fc.constantFrom(...STATUSES),
        reviewed: fc.boolean(),
        // Few distinct instants, so equal creation times show the id tie-breaker.
        minute: fc.integer({ min: 0, max: 12 }),
        staff: fc.constantFrom<"slp" | "other" | "none">("slp", "slp", "other", "none"),
        levels: fc.uniqueArray(fc.record({ game: fc.integer({ min: 0, max: 2 }), difficulty: fc.constantFrom(...DIFFICULTIES) }), {
          maxLength: 3,
          selector: (level) => `${level.game}:${level.difficulty}`,
        }),
      }),
      { numRuns: fuzzRuns(48), seed: 20260301 },
    );
    for (const [index, draw] of random.entries()) {
      const staffId = draw.staff === "slp" ? world.slpStaffId : draw.staff === "other" ? world.otherSlpStaffId : null;
      const createdAt = new Date(Date.UTC(2025, 0, 1, 9, draw.minute));
      const email = `${draw.first.replace(/[^A-Za-z]/g, "").toLowerCase() || "x"}.${index}@Patients.test`;
      const [row] = await db
        .insert(patients)
        .values({
          institutionId: world.clinic,
          firstName: draw.first,
          lastName: draw.last,
          email,
          birthdate: "1950-05-05",
          gender: "female",
          status: draw.status,
          reviewed: draw.reviewed,
          assignedStaffId: staffId,
          createdAt,
          archivedAt: index % 9 === 4 ? new Date("2025-06-01T00:00:00Z") : null,
        })
        .returning({ id: patients.id, archivedAt: patients.archivedAt });
      if (row === undefined) throw new Error("insert failed");
      const levels = draw.levels.map((level) => ({ gameId: world.gameIds[level.game] ?? 0, difficulty: level.difficulty }));
      for (const level of levels) {
        await db.insert(patientGameLevels).values({
          patientId: row.id,
          gameId: level.gameId,
          difficulty: level.difficulty,
          amountChallenges: 5,
          amountTrials: 2,
          minRepetitionsPerDay: 1,
          maxRepetitionsPerDay: 3,
        });
      }
      // An assignment no longer live never counts.
      await db.insert(patientGameLevels).values({
        patientId: row.id,
        gameId: world.gameIds[3] ?? 0,
        difficulty: "hard",
        amountChallenges: 5,
        amountTrials: 2,
        minRepetitionsPerDay: 1,
        maxRepetitionsPerDay: 3,
        isActive: false,
      });
      seeded.push({ id: row.id, firstName: draw.first, lastName: draw.last, email, status: draw.status, reviewed: draw.reviewed, createdAt: createdAt.getTime(), staffId, archived: row.archivedAt !== null, levels });
    }
    // A patient of another clinic, never in any answer here.
    await db.insert(patients).values({ institutionId: world.otherClinic, firstName: "Ann", lastName: "Smith", email: "ann.elsewhere@patients.test", birthdate: "1950-01-01", gender: "male" });
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  type Query = {
    search?: string;
    levels: Array<{ game: number; difficulty: Difficulty }>;
    reviewed: boolean[];
    status: PatientStatus[];
    ordering: PatientOrdering[];
    pageSize: number;
  };

  // The search before migration 0039, and still from three letters on: anywhere in the folded
  // "first last" or e-mail. One or two letters match the start of the first or the last name.
  const matchesSearch = (row: Seeded, term: string): boolean =>
    term.length < 3
      ? foldForSearch(row.firstName).startsWith(term) || foldForSearch(row.lastName).startsWith(term)
      : searchTextOf(row.firstName, row.lastName, row.email).includes(term);

  const expected = (query: Query, staffId: number | null): number[] => {
    const term = foldForSearch((query.search ?? "").trim());
    const rows = seeded.filter(
      (row) =>
        !row.archived &&
        (staffId === null || row.staffId === staffId) &&
        (query.status.length === 0 || query.status.includes(row.status)) &&
        (query.reviewed.length === 0 || query.reviewed.includes(row.reviewed)) &&
        (query.levels.length === 0 || query.levels.some((want) => row.levels.some((level) => level.gameId === (world.gameIds[want.game] ?? 0) && level.difficulty === want.difficulty))) &&
        (term === "" || matchesSearch(row, term)),
    );
    const terms: Array<{ field: "first_name" | "created_at" | "id"; descending: boolean }> = [];
    for (const item of query.ordering.length === 0 ? ["-created_at"] : query.ordering) {
      const field = item.replace(/^-/, "") as "first_name" | "created_at";
      if (!terms.some((term) => term.field === field)) terms.push({ field, descending: item.startsWith("-") });
    }
    terms.push({ field: "id", descending: terms.at(-1)?.descending ?? false });
    const key = (row: Seeded, field: "first_name" | "created_at" | "id"): string | number =>
      field === "first_name" ? foldForSearch(row.firstName) : field === "created_at" ? row.createdAt : row.id;
    return [...rows]
      .sort((a, b) => {
        for (const term of terms) {
          const left = key(a, term.field);
          const right = key(b, term.field);
          const order = typeof left === "string" && typeof right === "string" ? compareText(left, right) : Number(left) - Number(right);
          if (order !== 0) return term.descending ? -order : order;
        }
        return 0;
      })
      .map((row) => row.id);
  };

  const queryString = (query: Query, page: number): string => {
    const parts = [`page=${page}`, `page_size=${query.pageSize}`];
    if (query.search !== undefined) parts.push(`search=${encodeURIComponent(query.search)}`);
    if (query.levels.length > 0) {
      const levels = query.levels.map((level) => ({ game_id: world.gameIds[level.game] ?? 0, difficulty_level: level.difficulty }));
      parts.push(`available_game_levels=${encodeURIComponent(JSON.stringify(levels))}`);
    }
    for (const flag of query.reviewed) parts.push(`reviewed=${String(flag)}`);
    for (const status of query.status) parts.push(`status=${status}`);
    for (const ordering of query.ordering) parts.push(`ordering=${encodeURIComponent(ordering)}`);
    return parts.join("&");
  };

  const everyPage = async (headers: Record<string, string>, query: Query): Promise<{ ids: number[]; first: Page; pages: Page[] }> => {
    const get = async (page: number): Promise<Page> => {
      const response = await world.t.app.inject({ url: `${URL}?${queryString(query, page)}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    const first = await get(1);
    const pages = [first];
    for (let page = 2; page <= first.total_pages; page += 1) pages.push(await get(page));
    return { ids: pages.flatMap((page) => page.results.map((row) => row.id)), first, pages };
  };

  const cursorPage = async (headers: Record<string, string>, query: Query, cursor: string): Promise<Page> => {
    const response = await world.t.app.inject({ url: `${URL}?${queryString(query, 1)}&cursor=${encodeURIComponent(cursor)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  /** The list walked by key cursors: forward from page 1 by next_cursor, then back from the last page by prev_cursor. */
  const walkByCursors = async (headers: Record<string, string>, query: Query, first: Page): Promise<{ forward: Page[]; backward: Page[] }> => {
    const forward = [first];
    for (let at = first; typeof at.next_cursor === "string"; ) {
      at = await cursorPage(headers, query, at.next_cursor);
      forward.push(at);
      expect(forward.length).toBeLessThanOrEqual(first.total_pages + 1);
    }
    const backward = [forward.at(-1) ?? first];
    for (let at = backward[0] ?? first; typeof at.prev_cursor === "string"; ) {
      at = await cursorPage(headers, query, at.prev_cursor);
      backward.unshift(at);
      expect(backward.length).toBeLessThanOrEqual(first.total_pages + 1);
    }
    return { forward, backward };
  };

  const searchText = fc.oneof(
    fc.constantFrom("ann", "ANN", "Ánn", "emile", "ÉMILE", "zoe", "lukasz", "muller", "MÜLLER", "dvorak", "strasse", "ss", "ann smith", "ann marie", "%", "_", "a%r", "o_h", "patients.test", "@", "smi", " ", "nobody-here", "ø", "soren", "a", "Á", "mü", "ł", "ç", "z", "jo", "o'"),
    fc.constantFrom(...FIRST_NAMES, ...LAST_NAMES).chain((name) =>
      fc.tuple(fc.nat({ max: Math.max(0, name.length - 1) }), fc.integer({ min: 1, max: 6 })).map(([start, length]) => name.slice(start, start + length)),
    ),
  );
  const queryArbitrary: fc.Arbitrary<Query> = fc.record(
    {
      search: searchText,
      levels: fc.array(fc.record({ game: fc.integer({ min: 0, max: 3 }), difficulty: fc.constantFrom(...DIFFICULTIES) }), { maxLength: 2 }),
      reviewed: fc.subarray([true, false]),
      status: fc.subarray(STATUSES),
      ordering: fc.array(fc.constantFrom(...ORDERINGS), { maxLength: 3 }),
      pageSize: fc.integer({ min: 1, max: 12 }),
    },
    { requiredKeys: ["levels", "reviewed", "status", "ordering", "pageSize"] },
  );

  it("answers every filter and ordering combination as the model, page by page, for an administrator and an SLP", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary, fc.constantFrom<"admin" | "slp">("admin", "admin", "slp"), async (query, who) => {
        const want = expected(query, who === "slp" ? world.slpStaffId : null);
        const { ids, first, pages } = await everyPage(world.headers[who], query);
        expect(ids).toEqual(want);
        expect(first.count).toBe(want.length);
        expect(first.count_capped).toBe(false);
        expect(first.total_pages).toBe(Math.ceil(want.length / query.pageSize));
        pages.forEach((page, index) => {
          expect(page.current_page).toBe(index + 1);
          expect(page.count).toBe(want.length);
          expect(page.results.length).toBe(Math.min(query.pageSize, want.length - index * query.pageSize));
        });
        // The same pages again by key cursors, forward and back: equal creation times and equal
        // folded names (Ann / anna / Ánna) are ties the id must break without losing or repeating a row.
        const { forward, backward } = await walkByCursors(world.headers[who], query, first);
        for (const walk of [forward, backward]) {
          expect(walk.flatMap((page) => page.results.map((row) => row.id))).toEqual(want);
          expect(walk.map((page) => page.current_page)).toEqual(pages.map((page) => page.current_page));
        }
        expect(forward.at(-1)?.next_cursor ?? null).toBeNull();
        expect(backward[0]?.prev_cursor ?? null).toBeNull();
      }),
      { numRuns: fuzzRuns(60), seed: 11, endOnFailure: true },
    );
  });

  it("answers a page past the end with no rows and the real count", async () => {
    const response = await world.t.app.inject({ url: `${URL}?page=999&page_size=5`, headers: world.headers.admin });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Page;
    expect(body.results).toEqual([]);
    expect(body.count).toBe(seeded.filter((row) => !row.archived).length);
    expect(body.current_page).toBe(999);
  });

  it("pages ten rows by default, and shows each row's review state, status and SLP", async () => {
    const body = (await world.t.app.inject({ url: URL, headers: world.headers.admin })).json() as Page;
    expect(body.results.length).toBe(Math.min(10, body.count));
    for (const row of body.results) {
      const source = seeded.find((candidate) => candidate.id === row.id);
      expect(row.status).toBe(source?.status);
      expect(row.reviewed_status).toBe(source?.reviewed ? "reviewed" : "pending");
      expect(row.staff?.id ?? null).toBe(source?.staffId ?? null);
      expect(row.created_at).toBe(new Date(source?.createdAt ?? 0).toISOString());
    }
  });

  it("keeps the count exact through writes (the counters follow inserts, updates and archiving)", async () => {
    const db = world.t.database.db;
    const live = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.institutionId, world.clinic), isNull(patients.archivedAt)));
    const read = async (query: string) => ((await world.t.app.inject({ url: `${URL}?${query}`, headers: world.headers.admin })).json() as Page).count;
    expect(await read("")).toBe(live.length);
    const target = seeded.find((row) => !row.archived && row.status === "pending");
    if (target === undefined) return;
    const pendingBefore = await read("status=pending");
    await db.update(patients).set({ status: "active" }).where(eq(patients.id, target.id));
    expect(await read("status=pending")).toBe(pendingBefore - 1);
    await db.update(patients).set({ status: "pending" }).where(eq(patients.id, target.id));
    expect(await read("status=pending")).toBe(pendingBefore);
  });

  it("refuses malformed filters with 400 and the field, never 500", async () => {
    for (const [query, field] of [
      ["status=archived", "status"],
      ["reviewed=yes", "reviewed"],
      ["ordering=last_name", "ordering"],
      ["available_game_levels=not-json", "available_game_levels"],
      ["available_game_levels=%5B%7B%22game_id%22%3A1%2C%22difficulty_level%22%3A%22extreme%22%7D%5D", "available_game_levels"],
      ["page=0", "page"],
      ["page_size=101", "page_size"],
      ["search=%00", "search"],
      ["colour=red", "colour"],
    ] as const) {
      const response = await world.t.app.inject({ url: `${URL}?${query}`, headers: world.headers.admin });
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { code: string; detail: { field?: string } | null };
      expect(body.code, query).toBe("ERROR_056");
      expect(body.detail?.field?.startsWith(field), `${query}: ${JSON.stringify(body.detail)}`).toBe(true);
    }
  });

  it("refuses a garbled or forged cursor with 400 ERROR_056 on cursor, never 500", async () => {
    const base64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
    const page = (await world.t.app.inject({ url: `${URL}?page_size=2&ordering=first_name`, headers: world.headers.admin })).json() as Page;
    const good = page.next_cursor ?? "";
    expect(good).not.toBe("");
    for (const [cursor, ordering] of [
      ["!!!", "first_name"],
      [good.slice(0, -3), "first_name"],
      [`${good}x`, "first_name"],
      [base64("not json"), "first_name"],
      [base64({ page: 2 }), "first_name"],
      [base64([2, 1, "first_name", "ann", 2 ** 40]), "first_name"],
      [base64([2, 1, "first_name", "ann\u0000", 5]), "first_name"],
      [base64([2, 1, "first_name", 7, 5]), "first_name"],
      [base64([2, 1, "-created_at", "2025-13-01T09:00:00.000000Z", 5]), "-created_at"],
      [base64([2, 1, "-created_at", "0000-01-01T00:00:00.000000Z", 5]), "-created_at"],
      [base64([0, 1, "first_name", "ann", 5]), "first_name"],
      // A real cursor of another order.
      [good, "-created_at"],
    ] as const) {
      const response = await world.t.app.inject({ url: `${URL}?ordering=${ordering}&cursor=${encodeURIComponent(cursor)}`, headers: world.headers.admin });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "cursor" } });
    }
  });

  it("gives another clinic's administrator nothing of this clinic from this clinic's cursor", async () => {
    const mine = (await world.t.app.inject({ url: `${URL}?page_size=3&ordering=first_name`, headers: world.headers.admin })).json() as Page;
    for (const cursor of [mine.next_cursor, mine.prev_cursor].filter((one): one is string => typeof one === "string")) {
      const response = await world.t.app.inject({ url: `${URL}?ordering=first_name&cursor=${encodeURIComponent(cursor)}`, headers: world.headers.otherAdmin });
      expect(response.statusCode).toBe(200);
      const theirs = response.json() as Page;
      expect(theirs.results.some((row) => seeded.some((one) => one.id === row.id))).toBe(false);
      expect(theirs.count).toBe(1);
    }
    const deeper = (await world.t.app.inject({ url: `${URL}?page=2&page_size=3&ordering=first_name`, headers: world.headers.admin })).json() as Page;
    const back = await world.t.app.inject({ url: `${URL}?ordering=first_name&cursor=${encodeURIComponent(deeper.prev_cursor ?? "")}`, headers: world.headers.otherAdmin });
    expect((back.json() as Page).results.some((row) => seeded.some((one) => one.id === row.id))).toBe(false);
  });

  it("audits each list call once, without names or the search text", async () => {
    const db = world.t.database.db;
    const before = await db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.resource, "patient")).orderBy(asc(auditEvents.id));
    await world.t.app.inject({ url: `${URL}?search=ann`, headers: world.headers.slp });
    const after = await db.select().from(auditEvents).where(eq(auditEvents.resource, "patient")).orderBy(asc(auditEvents.id));
    const added = after.slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: "list", outcome: "success", resourceId: null });
    expect(JSON.stringify(added[0])).not.toContain("ann");
  });

  it("writes one audit row a call, in the page's statement when a plain list's rows answer it, and answers nothing without it", async () => {
    const get = (url: string, who: "admin" | "slp" = "admin") => world.t.app.inject({ url, headers: world.headers[who] });
    const statementsOf = async (url: string, who: "admin" | "slp" = "admin") => {
      let status = 0;
      const statements = await auditStatementsDuring(world.t.database, "patient", async () => {
        status = (await get(url, who)).statusCode;
      });
      expect(status, url).toBe(200);
      return statements;
    };
    const inPage = /from "patients"/;
    const second = (await get(`${URL}?page=2&page_size=3&ordering=first_name`)).json() as Page;
    // Plain lists, whichever page and either end it is read from, and back to page 1 by cursor.
    for (const url of [`${URL}`, `${URL}?page=2&page_size=3&ordering=first_name`, `${URL}?page=4&page_size=3`, `${URL}?ordering=first_name&cursor=${encodeURIComponent(second.prev_cursor ?? "")}`]) {
      const statements = await statementsOf(url);
      expect(statements, url).toHaveLength(1);
      expect(statements[0], url).toMatch(inPage);
    }
    expect(await statementsOf(URL, "slp")).toEqual([expect.stringMatching(inPage)]);
    // A search, a filter, a page past the end and a forward cursor write the row apart, once.
    for (const url of [`${URL}?search=ann`, `${URL}?status=active`, `${URL}?page=999&page_size=5`, `${URL}?ordering=first_name&cursor=${encodeURIComponent(second.next_cursor ?? "")}`]) {
      const statements = await statementsOf(url);
      expect(statements, url).toHaveLength(1);
      expect(statements[0], url).toMatch(/^\s*insert into "audit_events"/i);
    }
    await whileAuditRefuses(world.t.database, "patient", async () => {
      for (const url of [URL, `${URL}?search=ann`]) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(500);
        expect(refused.body, url).not.toMatch(/patients\.test/i);
      }
    });
  });

  it("refuses the platform administrator (403) and shows another clinic's admin none of these patients", async () => {
    expect((await world.t.app.inject({ url: URL, headers: world.headers.superAdmin })).statusCode).toBe(403);
    const other = (await world.t.app.inject({ url: `${URL}?page_size=100`, headers: world.headers.otherAdmin })).json() as Page;
    expect(other.results.map((row) => row.id).some((id) => seeded.some((row) => row.id === id))).toBe(false);
    expect(other.count).toBe(1);
  });

  it("folds in the database exactly as the tests' model does", async () => {
    const sample = `${FOLD_FROM}ßÆæŒœÞþ ABCxyz%_\\`;
    const result = await world.t.database.db.execute(sql`select patient_fold(${sample}) as folded`);
    const rows = (result as unknown as { rows: Array<{ folded: string }> }).rows;
    expect(rows[0]?.folded).toBe(foldForSearch(sample));
  });
});
