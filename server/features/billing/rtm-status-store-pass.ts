import { eq, sql, sum } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import { patientCounts } from "../../db/schema/patients.ts";
import { startPeriodicPass } from "../../lifecycle/periodic-pass.ts";
import { addDays } from "../../../domain/billing/iso-day.ts";
import { monthLockOf } from "./month-lock-queries.ts";
import { type RtmMonthContext, rtmMonthContext } from "./rtm-month-rows.ts";
import { refreshStatuses } from "./rtm-status-store.ts";

/**
 * The background pass of the statuses kept ahead of the read (issue 24, docs/billing.md "/rtm"):
 * every few minutes, each institution's current month (and the month before, until it is locked) is
 * worked out where a status is missing, stale or past its valid_until (a new day moves some with the date alone), batch by batch, yielding to
 * requests between batches. A status-filtered read works out what is still missing for its own slice
 * only when that is a few (STATUS_IN_READ_MAX); more, it leaves to this pass. Started by server/main.ts, never by tests' apps; its
 * timer does not keep the process alive, and stop() waits for the batch in hand before the database closes.
 *
 * Every API process starts it, but one pass at a time does the work (issue 36): a pass runs under
 * the database's runAlone (a PostgreSQL advisory lock), and a process that finds another one's pass
 * running skips its turn. Its reads need nothing from it: they read rtm_month_statuses, which the
 * other process is filling, and work out what their own page still misses.
 */

/** How often the pass looks again, and how soon after the start it first runs. */
// Every minute: a read leaves more than a batch of missing statuses to the pass (STATUS_IN_READ_MAX),
// so it must come soon; a pass with nothing to do reads each institution's counts and stops.
export const STATUS_PASS_EVERY_MS = 60_000;
export const STATUS_PASS_FIRST_MS = 15_000;
/** The advisory-lock key every API process takes for a pass (any constant; all processes share it). */
export const STATUS_PASS_LOCK = 240_036;

class Stopped extends Error {}

/**
 * A pass that stored at least this many statuses vacuums and analyses the table after it (issue 36):
 * a new month's rows are each a placeholder and its judged version, so the pass leaves as many dead
 * versions (and index entries) as rows, and statistics that know nothing of the month, until
 * autovacuum comes round (migration 0032 makes that sooner, but not at once).
 */
export const STATUS_PASS_MAINTAIN_AFTER = 1_000;

/** What one pass did: skipped (another process was running one), or how many statuses it stored. */
export type PassOutcome = { readonly ran: false } | { readonly ran: true; readonly stored: number };

export type StatusPass = { readonly stop: () => Promise<void>; readonly runOnce: () => Promise<PassOutcome> };

export type StatusPassDeps = {
  readonly db: Database;
  readonly runAlone: DatabaseHandle["runAlone"];
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Stored statuses from which the pass vacuums and analyses rtm_month_statuses (tests lower it). */
  readonly maintainAfter?: number;
};

/** The month before the one starting on `first`, as a context, unless the institution has locked it (its lines are the lock's copy then). */
const previousOpenMonth = async (db: Database, institutionId: number, first: string, now: Date): Promise<RtmMonthContext | null> => {
  const month = addDays(first, -1).slice(0, 7);
  if ((await monthLockOf(db, institutionId, month)) !== null) return null;
  return rtmMonthContext(db, institutionId, month, now);
};

export const startRtmStatusPass = (deps: StatusPassDeps, every = STATUS_PASS_EVERY_MS, first = STATUS_PASS_FIRST_MS): StatusPass => {
  const { db, clock, log } = deps;
  const work = async (signal: AbortSignal): Promise<number> => {
    const between = async (): Promise<void> => {
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) throw new Stopped();
    };
    const totals = await db
      .select({ institutionId: patientCounts.institutionId, total: sum(patientCounts.total).mapWith(Number) })
      .from(patientCounts)
      .where(eq(patientCounts.staffKey, -1))
      .groupBy(patientCounts.institutionId);
    let stored = 0;
    for (const { institutionId, total } of totals) {
      if (signal.aborted) break;
      if (total <= 0) continue;
      const current = await rtmMonthContext(db, institutionId, undefined, clock.now());
      // The month just ended too, until it is locked: its claim lines are then stored once, ready for
      // the month-end's totals and CSV (migration 0038), and kept fresh while late writes come in.
      const previous = await previousOpenMonth(db, institutionId, current.first, clock.now());
      for (const context of previous === null ? [current] : [current, previous]) {
        if (signal.aborted) break;
        const started = performance.now();
        const progress = await refreshStatuses(db, context, { institutionId, staffId: null }, total, Number.POSITIVE_INFINITY, between);
        stored += progress.stored;
        log.debug({ institutionId, month: context.month, total, stored: progress.stored, pending: progress.pending, ms: Math.round(performance.now() - started) }, "rtm statuses refreshed");
      }
    }
    if (stored >= (deps.maintainAfter ?? STATUS_PASS_MAINTAIN_AFTER) && !signal.aborted) {
      const started = performance.now();
      await db.execute(sql`vacuum (analyze) rtm_month_statuses`);
      log.info({ stored, ms: Math.round(performance.now() - started) }, "rtm_month_statuses vacuumed and analysed after the pass");
    }
    return stored;
  };
  const runOnce = async (signal: AbortSignal): Promise<PassOutcome> => {
    const outcome = await deps.runAlone(STATUS_PASS_LOCK, () => work(signal));
    if (!outcome.ran) {
      log.debug("rtm status pass skipped: another process is running one");
      return { ran: false };
    }
    if (outcome.value > 0) log.info({ stored: outcome.value }, "rtm status pass stored statuses");
    return { ran: true, stored: outcome.value };
  };

  const pass = startPeriodicPass({
    firstMs: first,
    everyMs: every,
    run: runOnce,
    onError: (error) => {
      if (!(error instanceof Stopped)) log.error({ err: error }, "rtm status pass failed; it runs again later");
    },
  });
  return { runOnce: () => runOnce(pass.signal), stop: pass.stop };
};
