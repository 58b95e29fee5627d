import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { institutionAllowedDomains } from "../../db/schema/institutions.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { callAs } from "./staff.test-helper.ts";

// GET staff/ reads a page's ids from users_list_name_idx (migration 0039: an index-only walk for
// deep pages) and then their rows: every page joined must be the plain offset query's order, with
// names that tie once folded (Émile, emile) so the id decides.
const NAMES: ReadonlyArray<readonly [string, string]> = [
  ["Émile", "Zola"], ["emile", "Zola"], ["Ann", "Berg"], ["Ánn", "Berg"], ["Zoë", "Ali"], ["Zoe", "Ali"], ["Bob", "Çelik"],
  ["bob", "Celik"], ["Ørjan", "Dahl"], ["Straße", "Ma"], ["Ann", "Aberg"], ["Łukasz", "Nowak"], ["Lukasz", "Nowak"], ["Jo", "Jo"],
];

describe.each(TEST_DRIVERS)("GET staff/ paging on %s", (driver) => {
  let world: PatientsWorld;

  beforeAll(async () => {
    world = await patientsWorld(driver, "staffpaging");
    const call = callAs(world);
    await world.t.database.db.insert(institutionAllowedDomains).values({ institutionId: world.clinic, domain: "clinic.test" });
    for (const [index, [first, last]] of NAMES.entries()) {
      const response = await call("admin", "POST", "/api/staff/", { first_name: first, last_name: last, email: `paging.${index}@clinic.test`, role: "staff" });
      expect(response.statusCode, response.body).toBe(201);
    }
  }, 180_000);
  afterAll(() => world?.t.close());

  it("pages in the offset query's order at every page size, each page its slice of the whole", async () => {
    const db = world.t.database.db;
    const whole = await db
      .select({ id: staff.id })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(and(eq(staff.institutionId, world.clinic), eq(users.institutionId, world.clinic), isNull(users.archivedAt)))
      .orderBy(asc(sql`patient_fold(${users.firstName}) collate "C"`), asc(sql`patient_fold(${users.lastName}) collate "C"`), asc(users.id));
    const want = whole.map((row) => row.id);
    expect(want.length).toBeGreaterThanOrEqual(NAMES.length);
    for (const pageSize of [1, 3, 5, 7, 100]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / pageSize) + 1; page += 1) {
        const response = await world.t.app.inject({ url: `/api/staff/?page=${page}&page_size=${pageSize}`, headers: world.headers.admin });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json() as { count: number; total_pages: number; results: Array<{ id: number }> };
        expect(body.count).toBe(want.length);
        expect(body.results.map((row) => row.id)).toEqual(want.slice((page - 1) * pageSize, page * pageSize));
        seen.push(...body.results.map((row) => row.id));
      }
      expect(seen).toEqual(want);
    }
  });

  type Body = { count: number; current_page: number; results: Array<{ id: number }>; next_cursor?: string | null; prev_cursor?: string | null };
  const get = async (who: "admin" | "otherAdmin", query: string): Promise<Body> => {
    const response = await world.t.app.inject({ url: `/api/staff/?${query}`, headers: world.headers[who] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const viaCursor = (cursor: string) => `cursor=${encodeURIComponent(cursor)}`;

  it("pages by key cursors forward and back over names that tie once folded, as by page numbers", async () => {
    for (const pageSize of [1, 3, 4]) {
      const byNumber: number[] = [];
      const first = await get("admin", `page_size=${pageSize}`);
      for (let page = 1; page <= Math.ceil(first.count / pageSize); page += 1) byNumber.push(...(await get("admin", `page=${page}&page_size=${pageSize}`)).results.map((row) => row.id));
      const forward = [first];
      for (let at = first; typeof at.next_cursor === "string"; ) forward.push((at = await get("admin", `page_size=${pageSize}&${viaCursor(at.next_cursor)}`)));
      expect(forward.flatMap((page) => page.results.map((row) => row.id))).toEqual(byNumber);
      expect(forward.map((page) => page.current_page)).toEqual(forward.map((_, index) => index + 1));
      const backward = [forward.at(-1) ?? first];
      for (let at = backward[0] ?? first; typeof at.prev_cursor === "string"; ) backward.unshift((at = await get("admin", `page_size=${pageSize}&${viaCursor(at.prev_cursor)}`)));
      expect(backward.flatMap((page) => page.results.map((row) => row.id))).toEqual(byNumber);
    }
  });

  it("refuses a garbled or forged cursor with 400 ERROR_056 on cursor, and gives another clinic nothing of this one from its cursor", async () => {
    const forged = Buffer.from(JSON.stringify([2, 1, "first_name", "ann", 3])).toString("base64url");
    for (const cursor of ["%%%", "e30", forged]) {
      const response = await world.t.app.inject({ url: `/api/staff/?cursor=${encodeURIComponent(cursor)}`, headers: world.headers.admin });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "cursor" } });
    }
    const mine = await get("admin", "page_size=2");
    const ours = new Set((await get("admin", "page_size=100")).results.map((row) => row.id));
    const theirs = await get("otherAdmin", viaCursor(mine.next_cursor ?? ""));
    expect(theirs.results.some((row) => ours.has(row.id))).toBe(false);
  });
});
