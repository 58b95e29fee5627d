import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { monthExportEndpoint, monthLockEndpoint, monthStateEndpoint } from "../../../domain/billing/month-close-endpoints.ts";
import { exportFileName } from "../../../domain/billing/month-export-csv.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { ReadSnapshot } from "../../db/snapshot-readers.ts";
import { rtmMonthLocks, rtmSetupBilled } from "../../db/schema/month-close.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { sliceOf } from "../../http/patient-scope.ts";
import { setupLinesOf } from "../../../domain/billing/setup-lines.ts";
import { claimOrderIds, monthTotals } from "./month-close-judge.ts";
import { csvParts, jsonEnvelopeParts, keptExportSource, storedExportSource } from "./month-export-stream.ts";
import { storedLineBatches, storedMonthTotals } from "./month-stored-lines.ts";
import { refreshStatuses } from "./rtm-status-store.ts";
import { keepLockedLines, keepLockSummary, keptLinesOf, keptTotals, lockedCopyOf, lockedInputsOf, lockInputsOf } from "./locked-month-queries.ts";
import { holdMonthLocks, monthLockOf } from "./month-lock-queries.ts";
import { rtmMonthContext } from "./rtm-month-rows.ts";

type Deps = { readonly db: Database; readonly clock: Clock; readonly readSnapshot: ReadSnapshot };

/** 400 ERROR_056 on `month`: a month not over yet on the institution's calendar cannot be closed. */
const monthNotEnded = (month: string): ApiFailure => apiFailure(400, "ERROR_056", `the month ${month} has not ended yet`, { field: "month" });

/** Whether the caller asked for the JSON form of the export (the portal does; a browser or curl gets the file). */
const wantsJson = (request: FastifyRequest): boolean => {
  const accept = request.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/csv");
};

/**
 * Month-end of remote-monitoring billing (issue 24, docs/billing.md "Month-end"): a month's lock
 * state and totals, locking an ended month (which records its set-up lines as billed), and the
 * month's claim lines as CSV. The state and the export reach the caller's slice as GET rtm/ does
 * (an SLP their caseload, an administrator the institution, the super administrator nothing: 403);
 * the lock is the institution's, an administrative act (rtm archive: institution and staff
 * administrators). Every call is one audit row.
 */
export const registerMonthCloseRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock, readSnapshot } = deps;

  routeEndpoint(
    app,
    deps,
    monthStateEndpoint,
    {
      access: { resource: "rtm", action: "list" },
      doc: {
        summary: "A billing month's lock (who and when, or open), whether it has ended on the institution's calendar, and its totals over the caller's patients: per status, per claim code",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"] },
      },
      audit: { action: "read", resource: "rtm_month" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { params }, scope, audit }) => {
      const context = await rtmMonthContext(db, scope.institutionId, params.month, clock.now());
      const lock = await monthLockOf(db, scope.institutionId, params.month);
      const ended = params.month < context.today.slice(0, 7);
      const inputs = lock === null ? null : await lockedInputsOf(db, scope.institutionId, params.month);
      if (inputs !== null) {
        // A locked month's totals are the copy kept at the lock; today's judgement is only compared with it.
        const kept = await keptLinesOf(db, scope, params.month);
        const lockedCopy = await lockedCopyOf(db, scope, context, inputs, kept);
        await audit("success", null, params.month);
        return { month: params.month, today: context.today, ended, supply_kind_chosen: context.kind !== null, lock, totals: keptTotals(kept), locked_copy: lockedCopy };
      }
      // Summed over the month's stored lines; only what is missing or stale is judged (issue 36).
      const totals = await storedMonthTotals(readSnapshot, context, scope);
      await audit("success", null, params.month);
      return { month: params.month, today: context.today, ended, supply_kind_chosen: context.kind !== null, lock, totals, locked_copy: null };
    },
  );

  routeEndpoint(
    app,
    deps,
    monthLockEndpoint,
    {
      access: { resource: "rtm", action: "archive" },
      doc: {
        summary:
          "Locks an ended billing month for the caller's institution: no time entry or call in it changes after; records every patient's set-up (98975) billed that month. Locking a locked month answers its lock (created false)",
        scope: "institution-member",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"] },
      },
      audit: { action: "lock", resource: "rtm_month" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ principal, input: { params }, scope, audit, refuse }) => {
      const context = await rtmMonthContext(db, scope.institutionId, params.month, clock.now());
      if (params.month >= context.today.slice(0, 7)) return refuse(monthNotEnded(params.month), "failure", "month_not_ended", params.month);
      const institution = { institutionId: scope.institutionId, staffId: null };
      // The lock itself, alone on the institution's month lock for a moment (issue 36): once it has
      // committed, every time-log write in the month is refused, so the month can be judged after it
      // without holding the institution's writes (other months' included) for the whole judgement.
      const created = await db.transaction(async (tx) => {
        await holdMonthLocks(tx, scope.institutionId);
        if ((await monthLockOf(tx, scope.institutionId, params.month)) !== null) return false;
        await tx.insert(rtmMonthLocks).values({ institutionId: scope.institutionId, month: params.month, lockedAt: clock.now(), lockedByUserId: principal.userId });
        return true;
      });
      const keepCopy = async (): Promise<number> => {
        // The month's lines as stored (month-stored-lines.ts): what is missing or stale is worked out
        // first, outside the copy's transaction; the copy then reads them (judging only what a write
        // made stale meanwhile) and keeps them as locked (issue 31): lines, set-up, totals and inputs.
        await refreshStatuses(db, context, institution, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
        return db.transaction(async (tx) => {
          let recorded = 0;
          let position = 0;
          const totals = monthTotals();
          for await (const batch of storedLineBatches(tx, institution, context, await claimOrderIds(tx, institution))) {
            await keepLockedLines(tx, context, batch, position);
            position += batch.length;
            for (const one of batch) totals.addLine(one.status, one.line.codes);
            const setups = setupLinesOf(batch);
            if (setups.length === 0) continue;
            await tx
              .insert(rtmSetupBilled)
              .values(setups.map((setup) => ({ ...setup, month: params.month, institutionId: scope.institutionId, billedAt: clock.now() })))
              .onConflictDoNothing();
            recorded += setups.length;
          }
          await keepLockSummary(tx, context, await lockInputsOf(tx, context), totals.result());
          await audit("success", recorded === 0 ? null : `setup_recorded:${recorded}`, params.month, tx);
          return recorded;
        });
      };
      let recorded = 0;
      if (created) {
        try {
          recorded = await keepCopy();
        } catch (error) {
          // A lock without its copy would be judged live ever after and its set-up never recorded: reopen, so locking again redoes both.
          await db.delete(rtmMonthLocks).where(and(eq(rtmMonthLocks.institutionId, scope.institutionId), eq(rtmMonthLocks.month, params.month)));
          throw error;
        }
      }
      const outcome = { created, recorded };
      if (!outcome.created) await audit("success", "already_locked", params.month);
      const lock = await monthLockOf(db, scope.institutionId, params.month);
      if (lock === null) throw new Error("the month's lock was not read back");
      return { month: params.month, lock, created: outcome.created, setup_recorded: outcome.recorded };
    },
  );

  routeEndpoint(
    app,
    deps,
    monthExportEndpoint,
    {
      access: { resource: "rtm", action: "list" },
      doc: {
        summary:
          "The month's claim lines for every patient of the caller's slice in name order, as text/csv (attachment rtm-YYYY-MM.csv when locked, rtm-YYYY-MM-draft.csv while open); with Accept: application/json the same file in a JSON envelope",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"] },
      },
      audit: { action: "export", resource: "rtm_month" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ input: { params }, scope, audit }, request, reply) => {
      const context = await rtmMonthContext(db, scope.institutionId, params.month, clock.now());
      const locked = (await monthLockOf(db, scope.institutionId, params.month)) !== null;
      // A locked month's file is the copy kept at the lock, byte for byte; an open month (or one locked before copies were kept) is judged now.
      const kept = locked && (await lockedInputsOf(db, scope.institutionId, params.month)) !== null;
      const source = kept ? await keptExportSource(db, scope, params.month) : await storedExportSource(db, scope, context);
      const filename = exportFileName(params.month, locked);
      // Audited before the first line leaves: the row count is known from the ids (or kept lines) read up front.
      await audit("success", `rows:${source.rows}`, params.month);
      // Sent as it is made, a batch at a time (issue 36): the first bytes at once, the server's memory flat.
      // One part buffered (a stream of parts would otherwise read 16 batches ahead of the connection).
      const streamed = (parts: AsyncGenerator<string>) => Readable.from(parts, { objectMode: true, highWaterMark: 1 });
      if (wantsJson(request)) return reply.type("application/json; charset=utf-8").send(streamed(jsonEnvelopeParts(source, filename, locked)));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(streamed(csvParts(source)));
    },
  );
};
