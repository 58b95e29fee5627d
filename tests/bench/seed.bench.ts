import { PGlite } from "@electric-sql/pglite";
import { bench, describe } from "vitest";
import { DEFAULT_DEMO_PASSWORD } from "../../server/config.ts";
import { pgliteHandle } from "../../server/db/pglite-handle.ts";
import { syncReferenceData } from "../../server/seed/reference-data.ts";
import { seedDemoData } from "../../server/seed/seed-demo-data.ts";

// What a first `npm start` spends on the database: create PGlite, apply the migrations, sync
// reference data and seed the demo (150 patients, 90 days of sessions). In memory, so the disk
// does not blur the number; docs/server.md records the on-disk first start as well.
// Two measured runs keep the whole benchmark under a minute.
const OPTIONS = { iterations: 2, time: 0, warmupIterations: 0, warmupTime: 0 } as const;

describe("first start on PGlite (in memory)", () => {
  bench(
    "create + migrate + reference data + demo seed",
    async () => {
      const database = pgliteHandle(new PGlite());
      try {
        await database.migrate();
        await syncReferenceData(database.db);
        await seedDemoData(database.db, { baseDate: new Date("2026-03-01T00:00:00Z"), password: DEFAULT_DEMO_PASSWORD, passwordHashCost: "production" });
      } finally {
        await database.close();
      }
    },
    OPTIONS,
  );
});
