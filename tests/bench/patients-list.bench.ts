import { eq, inArray } from "drizzle-orm";
import { injectTimings, percentile } from "./inject-timings.ts";
import { afterAll, bench, describe } from "vitest";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { games } from "../../server/db/schema/games.ts";
import { administrators, staff, users } from "../../server/db/schema/users.ts";
import { createAccount, signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { seedLargeInstitution } from "../../server/seed/large-institution.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";

// GET patients/ on one large institution, through the whole HTTP stack (app.inject: API key,
// token, decode, scope, the count and the page, the audit insert): page 1, the last page, a search,
// each filter, an SLP's caseload. BENCH_PATIENTS patients (20,000 by default; the figures in
// docs/patients-api.md use 100,000), on in-process PGlite, and on PostgreSQL when DATABASE_URL is
// set. Besides tinybench's table it prints p50/p99 per case as Markdown.
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 20_000);
const OPTIONS = { iterations: 40, time: 0, warmupIterations: 5, warmupTime: 0 } as const;
// BENCH_DRIVER=postgres (or pglite) times one driver only.
const drivers: DatabaseDriver[] = (process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite" as const] : ["pglite" as const, "postgres" as const]).filter(
  (driver) => process.env.BENCH_DRIVER === undefined || process.env.BENCH_DRIVER === driver,
);

type Setup = {
  t: TestApp;
  admin: Record<string, string>;
  slp: Record<string, string>;
  slpStaffId: number;
  gameId: number;
  lastPage: number;
  lastNamePage: number;
  middlePage: number;
  /** Key cursors to deep pages (issue 36), each the next_cursor of the page before it. */
  cursors: ReadonlyMap<string, string>;
};

/** The deep pages also read by key cursor: label, the list's query, the page. */
const cursorCases = (pages: number): Array<[string, string, number]> => [
  ["newest first, page 2", "", 2],
  ["middle page", "", Math.ceil(pages / 2)],
  ["by first name, page at 40 %", "ordering=first_name", Math.ceil(pages * 0.4)],
  ["by first name, page at 90 %", "ordering=first_name", Math.ceil(pages * 0.9)],
  ["search 'li', by first name, page 3", "search=li&ordering=first_name", 3],
];

const setUp = async (driver: DatabaseDriver): Promise<Setup> => {
  const t = await createTestApp(driver);
  const db = t.database.db;
  await syncReferenceData(db);
  const started = performance.now();
  const large = await seedLargeInstitution(db, { patients: PATIENTS, seed: 7, now: new Date("2026-03-01T00:00:00Z"), passwordHashCost: "production" });
  console.log(`${driver}: seeded ${PATIENTS} patients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const admin = await createAccount(t, { email: `bench.admin.${driver}@large.test`, role: "institution_admin" });
  const slp = await createAccount(t, { email: `bench.slp.${driver}@large.test`, role: "staff" });
  for (const who of [admin, slp]) {
    await db.update(users).set({ institutionId: large.institutionId }).where(eq(users.id, who.id));
    await db.update(staff).set({ institutionId: large.institutionId }).where(eq(staff.userId, who.id));
    await db.update(administrators).set({ institutionId: large.institutionId }).where(eq(administrators.userId, who.id));
  }
  const [slpRow] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, slp.id));
  const slpStaffId = slpRow?.id ?? 0;
  // The bench SLP takes over one generated SLP's caseload (about 400 patients).
  await db.update(patients).set({ assignedStaffId: slpStaffId }).where(inArray(patients.assignedStaffId, large.staffIds.slice(0, 1)));
  const [game] = await db.select({ id: games.id }).from(games).orderBy(games.id).limit(1);
  const pages = Math.ceil(PATIENTS / 10);
  const adminHeaders = withBearer((await signIn(t, admin)).access);
  const cursors = new Map<string, string>();
  for (const [label, query, page] of cursorCases(pages)) {
    const before = await t.app.inject({ url: `/api/patients/?${query}&page=${page - 1}`, headers: adminHeaders });
    const cursor = (before.json() as { next_cursor?: string | null }).next_cursor;
    if (typeof cursor !== "string") throw new Error(`no cursor to ${label}`);
    cursors.set(label, cursor);
  }
  return {
    t,
    cursors,
    admin: adminHeaders,
    slp: withBearer((await signIn(t, slp)).access),
    slpStaffId,
    gameId: game?.id ?? 1,
    lastPage: pages,
    lastNamePage: pages,
    middlePage: Math.ceil(pages / 2),
  };
};

/** The cases of one driver: label, who calls, URL. */
const casesOf = (setup: Setup): Array<[string, Record<string, string>, string]> => {
  const { admin, slp } = setup;
  const levels = encodeURIComponent(JSON.stringify([{ game_id: setup.gameId, difficulty_level: "easy" }]));
  return [
    ["page 1 (newest first)", admin, "/api/patients/"],
    ["last page", admin, `/api/patients/?page=${setup.lastPage}`],
    ["middle page", admin, `/api/patients/?page=${setup.middlePage}`],
    ["by first name, page 1", admin, "/api/patients/?ordering=first_name"],
    ["by first name, last page", admin, `/api/patients/?ordering=first_name&page=${setup.lastNamePage}`],
    ["search 'kowal'", admin, "/api/patients/?search=kowal"],
    ["search 'margaret smith'", admin, "/api/patients/?search=margaret%20smith"],
    ["search 'li' (under 3 letters)", admin, "/api/patients/?search=li"],
    ["search 'a' (one letter)", admin, "/api/patients/?search=a"],
    ["search 'li', by first name, page 3", admin, "/api/patients/?search=li&ordering=first_name&page=3"],
    ["by first name, page at 90 %", admin, `/api/patients/?ordering=first_name&page=${Math.ceil(setup.lastPage * 0.9)}`],
    ["by first name, page at 40 %", admin, `/api/patients/?ordering=first_name&page=${Math.ceil(setup.lastPage * 0.4)}`],
    ["status=pending", admin, "/api/patients/?status=pending"],
    ["reviewed=false", admin, "/api/patients/?reviewed=false"],
    ["available_game_levels (one pair)", admin, `/api/patients/?available_game_levels=${levels}`],
    ["all filters and two orderings", admin, `/api/patients/?status=active&reviewed=false&available_game_levels=${levels}&search=son&ordering=-first_name&ordering=created_at`],
    ["SLP caseload, page 1", slp, "/api/patients/"],
    ["filtered-list-by-staff", admin, `/api/patients/filtered-list-by-staff?staff_id=${setup.slpStaffId}`],
    ...cursorCases(setup.lastPage).flatMap(([label, query, page]): Array<[string, Record<string, string>, string]> => [
      [`${label} (page ${page}) by page number`, admin, `/api/patients/?${query}&page=${page}`],
      [`${label} (page ${page}) by cursor`, admin, `/api/patients/?${query}&cursor=${setup.cursors.get(label) ?? ""}`],
    ]),
  ];
};

const setups = new Map<DatabaseDriver, Setup>();
for (const driver of drivers) {
  const setup = await setUp(driver);
  // Every path through the server once before any case is timed, so the first case does not pay
  // for the JIT and the driver's prepared plans.
  for (const [, headers, url] of casesOf(setup)) for (let round = 0; round < 3; round += 1) await setup.t.app.inject({ url, headers });
  setups.set(driver, setup);
}

const { timings, call: timed } = injectTimings();
const call = (label: string, headers: Record<string, string>, t: TestApp, url: string) => timed(label, t, url, headers);

afterAll(async () => {
  const lines = ["| case | p50 (ms) | p99 (ms) | calls |", "|---|---:|---:|---:|"];
  for (const [label, all] of timings) {
    const values = all.slice(OPTIONS.warmupIterations);
    lines.push(`| ${label} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${values.length} |`);
  }
  console.log(`\nGET patients/ with ${PATIENTS} patients in one institution (after ${OPTIONS.warmupIterations} warm-up calls each)\n${lines.join("\n")}\n`);
  for (const setup of setups.values()) await setup.t.close();
});

for (const [driver, setup] of setups) {
  describe(`GET patients/ with ${PATIENTS} patients (${driver})`, () => {
    for (const [name, headers, url] of casesOf(setup)) bench(name, () => call(`${driver}: ${name}`, headers, setup.t, url), OPTIONS);
  });
}
