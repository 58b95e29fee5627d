import type { Database } from "../db/database.ts";
import type { Prng } from "../prng.ts";

/** What every demo-seed step shares: the database (inside the seed's transaction), the PRNG and "today". */
export type SeedContext = {
  readonly db: Database;
  readonly prng: Prng;
  /** Midnight UTC of the day the demo is anchored to; sessions fill the 90 days before it. */
  readonly baseDate: Date;
};

export const DAY_MS = 86_400_000;
export const daysBefore = (base: Date, days: number): Date => new Date(base.getTime() - days * DAY_MS);
export const addSeconds = (instant: Date, seconds: number): Date => new Date(instant.getTime() + Math.round(seconds * 1000));
