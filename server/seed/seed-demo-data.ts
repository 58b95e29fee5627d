import { sql } from "drizzle-orm";
import type { PasswordHashCost } from "../auth/password-hash-cost.ts";
import type { Database } from "../db/database.ts";
import { institutions } from "../db/schema/institutions.ts";
import { createPrng } from "../prng.ts";
import { seedOrganisations } from "./demo-organisations.ts";
import { seedPatients } from "./demo-patients.ts";
import { seedSessions } from "./demo-sessions.ts";
import { seedStaff } from "./demo-staff.ts";
import { loadCityPlaces } from "./place-lookup.ts";

/** The demo's fixed seed: the same base date gives the same demo on every machine. */
export const DEMO_SEED = 20_260_301;

export type DemoSeedOptions = {
  /** Any instant of the day the demo is anchored to; sessions fill the 90 days before that day. */
  readonly baseDate: Date;
  /** The password of every demo account (DEMO_PASSWORD). */
  readonly password: string;
  /** The cost of those accounts' hashes: the seeding server's PASSWORD_HASH_COST. */
  readonly passwordHashCost: PasswordHashCost;
};

export type DemoSeedResult =
  | { readonly seeded: false }
  | { readonly seeded: true; readonly patients: number; readonly sessions: number; readonly attempts: number; readonly notes: number };

/** Midnight UTC of the base date's day, so a demo seeded at 09:00 and at 17:00 is the same demo. */
export const startOfUtcDay = (instant: Date): Date =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));

/**
 * Seeds the demo on a database that has no institutions yet, in one transaction (a crash
 * leaves nothing half-seeded, and the next start tries again). Reference data must be synced
 * first. Deterministic: a seeded PRNG and the base date decide everything but password salts.
 */
export const seedDemoData = async (db: Database, options: DemoSeedOptions): Promise<DemoSeedResult> => {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(institutions);
  if ((existing?.count ?? 0) > 0) return { seeded: false };
  return db.transaction(async (tx) => {
    const context = { db: tx, prng: createPrng(DEMO_SEED), baseDate: startOfUtcDay(options.baseDate) };
    const cities = await loadCityPlaces(tx);
    const organisations = await seedOrganisations(context);
    const staffing = await seedStaff({ ...context, prng: context.prng.fork("staff") }, organisations, cities, options);
    const seededPatients = await seedPatients({ ...context, prng: context.prng.fork("patients") }, organisations, staffing, cities);
    const counts = await seedSessions({ ...context, prng: context.prng.fork("sessions") }, seededPatients, staffing);
    return { seeded: true, patients: seededPatients.length, ...counts };
  });
};
