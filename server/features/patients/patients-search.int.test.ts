import { fc } from "@fast-check/vitest";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { prefixRangeEnd } from "./patient-list-query.ts";
import { FOLD_FROM } from "./search-fold.ts";

// The stored folded search column (migration 0039) against the search it replaced, and the
// count a search stops at (COUNT_CAP): a clinic of 1,010 "Lina"s and 40 patients of mixed names.
const URL = "/api/patients/";
type Page = { current_page: number; total_pages: number; count: number; count_capped?: boolean; results: Array<{ id: number }> };

const LETTERS = Array.from(`${FOLD_FROM}ßÆæŒœÞþabcdefghijklmnopqrstuvwxyzABCXYZ '%_.-`);
const name = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 9 }).map((letters) => letters.join("").trim() || "x");

describe.each(TEST_DRIVERS)("the patients search on %s", (driver) => {
  let world: PatientsWorld;
  const mixed = fc.sample(fc.record({ first: name, last: name }), { numRuns: 40, seed: 40 });

  beforeAll(async () => {
    world = await patientsWorld(driver, "search");
    const values = (rows: ReadonlyArray<{ first: string; last: string }>, tag: string, staffId: number | null) =>
      rows.map((row, index) => ({
        institutionId: world.clinic,
        firstName: row.first,
        lastName: row.last,
        email: `${tag}.${index}@search.test`,
        birthdate: "1960-01-01",
        gender: "female" as const,
        assignedStaffId: staffId,
      }));
    await world.t.database.db.insert(patients).values(values(mixed, "mixed", world.slpStaffId));
    const linas = Array.from({ length: 1010 }, (_, index) => ({ first: "Lina", last: `Berg${index}` }));
    await world.t.database.db.insert(patients).values(values(linas, "lina", null));
  }, 180_000);
  afterAll(() => world?.t.close());

  const ids = async (search: string, headers: Record<string, string>): Promise<number[]> => {
    const found: number[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await world.t.app.inject({ url: `${URL}?page_size=100&page=${page}&search=${encodeURIComponent(search)}`, headers })).json() as Page;
      found.push(...body.results.map((row) => row.id));
      if (body.results.length < 100) return found.sort((a, b) => a - b);
    }
  };

  it("stores the folding patient_search_text computes, for every row", async () => {
    const result = await world.t.database.db.execute(
      sql`select count(*)::int as differ from patients where search_text is distinct from patient_search_text(first_name, last_name, email)`,
    );
    expect((result as unknown as { rows: Array<{ differ: number }> }).rows[0]?.differ).toBe(0);
  });

  it("finds from three letters on exactly what the search before the stored column found", async () => {
    const terms = [...new Set(mixed.flatMap((row) => [row.first, row.last, `${row.first} ${row.last}`].map((text) => text.slice(0, 5))))].filter(
      (term) => term.trim().length >= 3,
    );
    for (const term of [...terms, "lina", "ina be", "search.test", "%", "berg10"].filter((text) => text.trim().length >= 3)) {
      const before = await world.t.database.db.execute(
        sql`select id from patients where institution_id = ${world.clinic} and archived_at is null
            and patient_search_text(first_name, last_name, email) like '%' || patient_fold(${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%' escape '\\'
            order by id`,
      );
      const want = (before as unknown as { rows: Array<{ id: number }> }).rows.map((row) => row.id);
      expect(await ids(term, world.headers.admin), term).toEqual(want);
    }
    // About 80 searches, each compared with a scan: 12 s alone on PGlite, twice that on a busy machine.
  }, 90_000);

  it("matches one or two letters at the start of the first or last name, accents and case aside", async () => {
    for (const term of ["l", "Li", "b", "BE", ...mixed.flatMap((row) => [row.first.slice(0, 1), row.last.slice(0, 2)])]) {
      const folded = await world.t.database.db.execute(sql`select patient_fold(${term.trim()}) as t`);
      const prefix = (folded as unknown as { rows: Array<{ t: string }> }).rows[0]?.t ?? "";
      if (prefix === "" || prefix.length >= 3) continue;
      const before = await world.t.database.db.execute(
        sql`select id from patients where institution_id = ${world.clinic} and archived_at is null
            and (starts_with(patient_fold(first_name), ${prefix}) or starts_with(patient_fold(last_name), ${prefix})) order by id`,
      );
      const want = (before as unknown as { rows: Array<{ id: number }> }).rows.map((row) => row.id);
      expect(await ids(term, world.headers.admin), term).toEqual(want);
    }
    // About 80 searches again, 6 s alone: the same room for a busy machine.
  }, 90_000);

  it("counts a search up to 1,000 and says more match, while its pages go on past the cap", async () => {
    for (const search of ["li", "lina"]) {
      const first = (await world.t.app.inject({ url: `${URL}?search=${search}`, headers: world.headers.admin })).json() as Page;
      expect(first).toMatchObject({ count: 1000, count_capped: true, total_pages: 100 });
      expect(first.results).toHaveLength(10);
      const past = (await world.t.app.inject({ url: `${URL}?search=${search}&page=101`, headers: world.headers.admin })).json() as Page;
      expect(past.results).toHaveLength(10);
      expect((await ids(search, world.headers.admin)).length).toBeGreaterThanOrEqual(1010);
    }
    // The SLP's caseload holds none of them: an exact count, not capped.
    const slp = (await world.t.app.inject({ url: `${URL}?search=lina`, headers: world.headers.slp })).json() as Page;
    expect(slp).toMatchObject({ count: 0, count_capped: false, results: [] });
    const plain = (await world.t.app.inject({ url: URL, headers: world.headers.admin })).json() as Page;
    expect(plain).toMatchObject({ count: 1050, count_capped: false });
  });

  it("ends a prefix's byte range one code point after its last letter", () => {
    expect(prefixRangeEnd("li")).toBe("lj");
    expect(prefixRangeEnd("z")).toBe("{");
    expect(prefixRangeEnd("aø")).toBe("aù");
  });
});
