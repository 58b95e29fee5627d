import { afterAll, bench, describe } from "vitest";
import { DEFAULT_DEMO_PASSWORD } from "../../server/config.ts";
import { signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { seedDemoData } from "../../server/seed/seed-demo-data.ts";
import { createTestApp } from "../../server/test-app.test-helper.ts";

// GET patients/dashboard on the seeded demo (150 patients, 90 days of sessions) in PGlite, through
// app.inject: the whole request (auth, decode, the page query and the count, the audit insert).
const t = await createTestApp("pglite");
await syncReferenceData(t.database.db);
await seedDemoData(t.database.db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
const tokenOf = async (email: string) => (await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access;
const slp = withBearer(await tokenOf("slp@demo.test"));
const admin = withBearer(await tokenOf("admin@demo.test"));

const OPTIONS = { iterations: 50, time: 0, warmupIterations: 5 } as const;

const call = async (headers: Record<string, string>, url: string) => {
  const response = await t.app.inject({ url, headers });
  if (response.statusCode !== 200) throw new Error(`dashboard answered ${response.statusCode}: ${response.body}`);
};

describe("GET patients/dashboard on the demo data (PGlite, in memory)", () => {
  afterAll(() => t.close());
  bench("SLP, page 1", () => call(slp, "/api/patients/dashboard/"), OPTIONS);
  bench("institution admin, search 'an'", () => call(admin, "/api/patients/dashboard/?search=an&page_size=10"), OPTIONS);
});
