import { afterAll, bench, describe } from "vitest";
import { DEFAULT_DEMO_PASSWORD } from "../../server/config.ts";
import { signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { seedDemoData } from "../../server/seed/seed-demo-data.ts";
import { createTestApp } from "../../server/test-app.test-helper.ts";

// GET dashboard/overview on the seeded demo (2 institutions, 150 patients, 90 days of sessions) in
// PGlite, through app.inject: the whole request (auth, decode, the aggregates, the audit insert).
// The test clock stands at 2026-03-01 12:00 UTC and the seed ends on that day, so the week is full.
const t = await createTestApp("pglite");
await syncReferenceData(t.database.db);
await seedDemoData(t.database.db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
const tokenOf = async (email: string) => (await signIn(t, { id: 0, email, password: DEFAULT_DEMO_PASSWORD, institutionId: null })).access;
const admin = withBearer(await tokenOf("admin@demo.test"));
const superAdmin = withBearer(await tokenOf("super@demo.test"));

const OPTIONS = { iterations: 50, time: 0, warmupIterations: 5 } as const;

const call = async (headers: Record<string, string>, url: string) => {
  const response = await t.app.inject({ url, headers });
  if (response.statusCode !== 200) throw new Error(`overview answered ${response.statusCode}: ${response.body}`);
};

describe("GET dashboard/overview on the demo data (PGlite, in memory)", () => {
  afterAll(() => t.close());
  bench("institution admin (figures and the quiet patients)", () => call(admin, "/api/dashboard/overview/"), OPTIONS);
  bench("super admin, every institution", () => call(superAdmin, "/api/dashboard/overview/"), OPTIONS);
});
