import { eq, sql } from "drizzle-orm";
import { afterAll, bench, describe } from "vitest";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { roles } from "../../server/db/schema/roles.ts";
import { administrators, staff, users } from "../../server/db/schema/users.ts";
import { createAccount, signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";
import { injectTimings, percentile } from "./inject-timings.ts";

// GET staff/ and GET administrators/ on one institution with BENCH_STAFF SLPs (10,000 by default,
// issue 21) and a hundred administrators, through the whole HTTP stack (API key, token, decode,
// scope, count, page, invitation summaries, audit insert): page 1, a middle and the last page, a
// search. On in-process PGlite, and on PostgreSQL when DATABASE_URL is set. Besides tinybench's
// table it prints p50/p99 per case as Markdown (docs/administration.md quotes them).
const STAFF = Number(process.env.BENCH_STAFF ?? 10_000);
const ADMINISTRATORS = 100;
const OPTIONS = { iterations: 40, time: 0, warmupIterations: 5, warmupTime: 0 } as const;
const drivers: DatabaseDriver[] = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "" ? ["pglite"] : ["pglite", "postgres"];

const FIRST = ["Ana", "Ben", "Chloé", "Dmitri", "Eilidh", "Farah", "Goran", "Hana", "Ines", "José", "Kwame", "Lena", "Mateo", "Nadia", "Owen", "Priya", "Quinn", "Rosa", "Sven", "Tomasz"];
const LAST = ["Abara", "Becker", "Castillo", "Dubois", "Eriksen", "Fischer", "García", "Haddad", "Ivanova", "Jensen", "Kowalski", "López", "Moreau", "Novak", "Okafor", "Peralta", "Quispe", "Rossi", "Søndergaard", "Tanaka", "Urban", "Varga", "Wójcik", "Xu", "Yilmaz", "Zhou"];
const arrayLiteral = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(",")}]`);

type Setup = { t: TestApp; admin: Record<string, string>; institutionId: number; lastPage: number };

/** Inserts `count` people of one role into the institution in one statement each (users, then their faces). */
const insertPeople = async (t: TestApp, institutionId: number, role: "staff" | "institution_admin", count: number, prefix: string): Promise<void> => {
  const db = t.database.db;
  await db.insert(roles).values({ code: role, title: role }).onConflictDoNothing();
  const [roleRow] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, role));
  await db.execute(sql`
    insert into users (email, first_name, last_name, role_id, institution_id, change_password)
    select ${prefix} || g || '@large.test', (${arrayLiteral(FIRST)})[1 + g % ${FIRST.length}], (${arrayLiteral(LAST)})[1 + (g * 7) % ${LAST.length}], ${roleRow?.id ?? 0}, ${institutionId}, false
    from generate_series(1, ${count}) as g`);
  const face = role === "staff" ? sql`staff` : sql`administrators`;
  await db.execute(sql`
    insert into ${face} (user_id, institution_id, status)
    select id, ${institutionId}, case when id % 10 = 0 then 'pending' else 'active' end from users where email like ${`${prefix}%@large.test`}`);
};

const setUp = async (driver: DatabaseDriver): Promise<Setup> => {
  const t = await createTestApp(driver);
  const db = t.database.db;
  const admin = await createAccount(t, { email: `bench.admin.${driver}@large.test`, role: "institution_admin" });
  const institutionId = admin.institutionId ?? 0;
  const started = performance.now();
  await insertPeople(t, institutionId, "staff", STAFF, "slp");
  await insertPeople(t, institutionId, "institution_admin", ADMINISTRATORS, "admin");
  await db.execute(sql`analyze`);
  console.log(`${driver}: seeded ${STAFF} SLPs and ${ADMINISTRATORS} administrators in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(staff).where(eq(staff.institutionId, institutionId));
  const [{ a } = { a: 0 }] = await db.select({ a: sql<number>`count(*)::int` }).from(administrators).where(eq(administrators.institutionId, institutionId));
  if (n < STAFF || a < ADMINISTRATORS) throw new Error(`seeded ${n} SLPs and ${a} administrators`);
  void users;
  return { t, admin: withBearer((await signIn(t, admin)).access), institutionId, lastPage: Math.ceil(n / 10) };
};

/** The cases of one driver: label and URL (all as the institution's administrator). */
const casesOf = (setup: Setup): Array<[string, string]> => [
  ["staff page 1", "/api/staff/"],
  ["staff middle page", `/api/staff/?page=${Math.ceil(setup.lastPage / 2)}`],
  ["staff last page", `/api/staff/?page=${setup.lastPage}`],
  ["staff search 'kowal'", "/api/staff/?search=kowal"],
  ["staff search 'ana garc'", "/api/staff/?search=ana%20garc"],
  ["administrators page 1", `/api/administrators/?institution=${setup.institutionId}`],
  ["administrators search 'rossi'", `/api/administrators/?institution=${setup.institutionId}&search=rossi`],
];

const setups = new Map<DatabaseDriver, Setup>();
for (const driver of drivers) {
  const setup = await setUp(driver);
  for (const [, url] of casesOf(setup)) for (let round = 0; round < 3; round += 1) await setup.t.app.inject({ url, headers: setup.admin });
  setups.set(driver, setup);
}

const { timings, call } = injectTimings();

afterAll(async () => {
  const lines = ["| case | p50 (ms) | p99 (ms) | calls |", "|---|---:|---:|---:|"];
  for (const [label, all] of timings) {
    const values = all.slice(OPTIONS.warmupIterations);
    lines.push(`| ${label} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${values.length} |`);
  }
  console.log(`\nStaff and administrators lists with ${STAFF} SLPs in one institution (after ${OPTIONS.warmupIterations} warm-up calls each)\n${lines.join("\n")}\n`);
  for (const setup of setups.values()) await setup.t.close();
});

for (const [driver, setup] of setups) {
  describe(`staff and administrators lists with ${STAFF} SLPs (${driver})`, () => {
    for (const [name, url] of casesOf(setup)) bench(name, () => call(`${driver}: ${name}`, setup.t, url, setup.admin), OPTIONS);
  });
}
