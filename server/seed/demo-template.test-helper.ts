import { DEFAULT_DEMO_PASSWORD } from "../config.ts";
import type { TestTemplate } from "../db/test-database.ts";
import { syncReferenceData } from "./reference-data.ts";
import { seedDemoData } from "./seed-demo-data.ts";

/** The base date of the demo the database suites share (a Sunday afternoon, as `npm start` might seed it). */
export const DEMO_BASE_DATE = new Date("2026-03-01T15:30:00Z");

/**
 * The reference data and the demo seeded at DEMO_BASE_DATE: seeded once per run and copied into
 * each suite that reads the demo (server/db/test-database.ts), instead of seeded by each.
 */
export const DEMO_TEMPLATE: TestTemplate = {
  name: "demo_20260301t1530",
  fill: async (db) => {
    await syncReferenceData(db);
    await seedDemoData(db, { baseDate: DEMO_BASE_DATE, password: DEFAULT_DEMO_PASSWORD });
  },
};
