import { inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { rateLimitCounters } from "../db/schema/rate-limits.ts";
import { startPeriodicPass } from "../lifecycle/periodic-pass.ts";

/**
 * Expired rate-limit counters are deleted while the server runs (issue 31: made-up tokens and
 * passing addresses each left a row until the next start). A pass every minute deletes them a
 * batch per statement, yielding to requests between batches, and at most `maxBatches` batches a
 * pass, so one pass never holds the database long; what is left waits for the next pass.
 */
export const COUNTER_PRUNING = { everyMs: 60_000, batch: 1_000, maxBatches: 50 } as const;

/** Deletes at most `batch` counters whose window ended by `now`; answers how many it deleted. */
export const pruneExpiredCounters = async (db: Database, now: Date, batch: number = COUNTER_PRUNING.batch): Promise<number> => {
  const expired = db.select({ key: rateLimitCounters.key }).from(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, now)).limit(batch);
  const deleted = await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, expired)).returning({ key: rateLimitCounters.key });
  return deleted.length;
};

export type CounterPruning = { readonly runOnce: () => Promise<number>; readonly stop: () => Promise<void> };

/**
 * Starts the pass: the first at once, then every `everyMs`. Its timer does not keep the process
 * alive, and stop() waits for the batch in hand, so the database can close after it.
 */
export const startCounterPruning = (
  deps: { readonly db: Database; readonly clock: Clock; readonly log: FastifyBaseLogger },
  options: { readonly everyMs?: number; readonly batch?: number; readonly maxBatches?: number } = {},
): CounterPruning => {
  const { everyMs = COUNTER_PRUNING.everyMs, batch = COUNTER_PRUNING.batch, maxBatches = COUNTER_PRUNING.maxBatches } = options;
  const runOnce = async (signal: AbortSignal): Promise<number> => {
    let total = 0;
    for (let round = 0; round < maxBatches && !signal.aborted; round += 1) {
      const deleted = await pruneExpiredCounters(deps.db, deps.clock.now(), batch);
      total += deleted;
      if (deleted < batch) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  };

  const pass = startPeriodicPass({
    firstMs: 0,
    everyMs,
    run: runOnce,
    onError: (error) => deps.log.error({ err: error }, "rate-limit counter pruning failed; it runs again later"),
  });
  return { runOnce: () => runOnce(pass.signal), stop: pass.stop };
};
