import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { checkLogWindow } from "../../../domain/billing/log-window.ts";
import { timeEntryCreateEndpoint, timeEntryDeleteEndpoint, timeEntryListEndpoint, timeEntryPatchEndpoint } from "../../../domain/billing/time-log-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { type ApiFailure, apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { assertMonthOpen, institutionZone, monthOfInstant } from "./month-lock-queries.ts";
import { monthEntries, oneEntry } from "./time-entry-queries.ts";
import { timeEntryNotFound, timeEntryScope } from "./time-log-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * 400 ERROR_056 on `start` when the start lies outside the log window (domain/billing/log-window.ts):
 * time not yet spent, or back-dated before last month on the institution's calendar, cannot be
 * logged. Null when the start may be logged.
 */
const startOutsideWindow = async (db: Database, institutionId: number, start: string, now: Date): Promise<{ readonly failure: ApiFailure; readonly reason: string } | null> => {
  const check = checkLogWindow({ start: new Date(start) }, now, await institutionZone(db, institutionId));
  if (check.ok) return null;
  return check.reason === "future"
    ? { failure: apiFailure(400, "ERROR_056", "the entry starts in the future", { field: "start" }), reason: "start_in_future" }
    : { failure: apiFailure(400, "ERROR_056", `the entry starts before ${check.span.from}: time is logged in this month or the last`, { field: "start" }), reason: "start_too_early" };
};

const READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;
/** A write into (or out of) a locked billing month (docs/billing.md, "Month-end"). */
const LOCKED_MONTH_ERRORS = { 409: ["ERROR_050"] } as const;

/**
 * The months a write of an entry reaches on the institution's calendar: where it starts now (an
 * existing entry) and where it would start; a locked one refuses the write (month-lock-queries.ts).
 */
const entryMonthsOpen = async (tx: Database, institutionId: number, entryId: number | null, start: string | undefined) => {
  const zone = await institutionZone(tx, institutionId);
  const [current] = entryId === null ? [] : await tx.select({ startedAt: rtmTimeEntries.startedAt }).from(rtmTimeEntries).where(eq(rtmTimeEntries.id, entryId)).limit(1);
  const months = [...(current === undefined ? [] : [monthOfInstant(current.startedAt, zone)]), ...(start === undefined ? [] : [monthOfInstant(new Date(start), zone)])];
  return assertMonthOpen(tx, institutionId, months);
};

/**
 * The treatment-management time log of a patient (issue 24, docs/billing.md "Time log"): the
 * month's entries, a manual entry, a correction with its reason, a removal with its reason (the row
 * stays for the audit, out of every read). Every call is one audit row written by the route's
 * opening (a write's in its transaction); the patient must be in the caller's slice.
 */
export const registerTimeEntryRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    timeEntryListEndpoint,
    {
      access: { resource: "rtm", action: "list" },
      doc: { summary: "A patient's treatment-management time entries starting in a month (the institution's calendar), oldest first", scope: "assigned-patients", errors: { 400: ["ERROR_056"], ...READ_ERRORS } },
      audit: { action: "read", resource: "rtm_time_entries" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ input: { query }, scope, audit }, _request, reply) => {
      const body = await monthEntries(db, scope.patientId, scope.institutionId, query.month);
      await audit("success", null, String(scope.patientId));
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    timeEntryCreateEndpoint,
    {
      access: { resource: "rtm", action: "create" },
      doc: {
        summary: "Logs the caller's treatment-management time on a patient: activity, start (from the first day of last month on the institution's calendar to now, else 400), minutes (1 to 600), note; refused in a locked month (409)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, ...LOCKED_MONTH_ERRORS },
      },
      audit: { action: "create", resource: "rtm_time_entry" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const outside = await startOutsideWindow(db, scope.institutionId, body.start, clock.now());
      if (outside !== null) return refuse(outside.failure, "failure", outside.reason, String(scope.patientId));
      const written = await db.transaction(async (tx) => {
        const locked = await entryMonthsOpen(tx, scope.institutionId, null, body.start);
        if (locked !== undefined) return { ok: false as const, locked };
        const [row] = await tx
          .insert(rtmTimeEntries)
          .values({
            patientId: scope.patientId,
            institutionId: scope.institutionId,
            clinicianUserId: principal.userId,
            activity: body.activity,
            startedAt: new Date(body.start),
            minutes: body.minutes,
            note: body.note ?? "",
            createdAt: clock.now(),
          })
          .returning({ id: rtmTimeEntries.id });
        if (row === undefined) throw new Error("the time entry was not written");
        await audit("success", null, String(row.id), tx);
        return { ok: true as const, entryId: row.id };
      });
      if (!written.ok) return refuse(written.locked, "failure", "month_locked", String(scope.patientId));
      const entry = await oneEntry(db, written.entryId);
      if (entry === undefined) return replyWithFailure(reply, timeEntryNotFound());
      return sendVersionTag(reply, entry.version).code(201).send(entry);
    },
  );

  routeEndpoint(
    app,
    deps,
    timeEntryPatchEndpoint,
    {
      access: { resource: "rtm", action: "update" },
      doc: {
        summary: "Corrects a time entry's activity, start, minutes or note with a reason (kept with who and when); If-Match or `version` refuses a stale correction (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, ...STALE_VERSION_ERRORS, ...LOCKED_MONTH_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "rtm_time_entry" },
      scope: (principal, { params }) => timeEntryScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.entryId);
      const { version: bodyVersion, reason, ...patch } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const now = clock.now();
      // Only a start the correction sets is bounded: an entry already in an older open month keeps its other fields correctable.
      const outside = patch.start === undefined ? null : await startOutsideWindow(db, scope.institutionId, patch.start, now);
      if (outside !== null) return refuse(outside.failure, "failure", outside.reason, resourceId);
      const failure = await db.transaction(async (tx) => {
        const locked = await entryMonthsOpen(tx, scope.institutionId, scope.entryId, patch.start);
        if (locked !== undefined) return { failure: locked, outcome: "failure" as const, reason: "month_locked" };
        const written = await tx
          .update(rtmTimeEntries)
          .set({
            ...(patch.activity === undefined ? {} : { activity: patch.activity }),
            ...(patch.start === undefined ? {} : { startedAt: new Date(patch.start) }),
            ...(patch.minutes === undefined ? {} : { minutes: patch.minutes }),
            ...(patch.note === undefined ? {} : { note: patch.note }),
            correctedReason: reason,
            correctedBy: principal.userId,
            correctedAt: now,
            version: nextVersion(rtmTimeEntries.version),
          })
          .where(and(eq(rtmTimeEntries.id, scope.entryId), isNull(rtmTimeEntries.deletedAt), whileAtVersion(rtmTimeEntries.version, expected)))
          .returning({ id: rtmTimeEntries.id });
        if (written.length === 0) {
          return expected === undefined
            ? { failure: timeEntryNotFound(), outcome: "denied" as const, reason: "outside_scope" }
            : { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        }
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (failure !== undefined) return refuse(failure.failure, failure.outcome, failure.reason, resourceId);
      const entry = await oneEntry(db, scope.entryId);
      if (entry === undefined) return replyWithFailure(reply, timeEntryNotFound());
      return sendVersionTag(reply, entry.version).send(entry);
    },
  );

  routeEndpoint(
    app,
    deps,
    timeEntryDeleteEndpoint,
    {
      access: { resource: "rtm", action: "update" },
      doc: {
        summary: "Removes a time entry from the log with a reason; the row is kept for the audit and left out of every read; If-Match or `version` refuses a stale removal (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, ...STALE_VERSION_ERRORS, ...LOCKED_MONTH_ERRORS },
      },
      audit: { action: "delete", resource: "rtm_time_entry" },
      scope: (principal, { params }) => timeEntryScope(db, principal, params.id),
    },
    async ({ input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.entryId);
      const version = versionOfRequest(request, body.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const failure = await db.transaction(async (tx) => {
        const locked = await entryMonthsOpen(tx, scope.institutionId, scope.entryId, undefined);
        if (locked !== undefined) return { failure: locked, outcome: "failure" as const, reason: "month_locked" };
        const written = await tx
          .update(rtmTimeEntries)
          .set({ deletedAt: clock.now(), deletedReason: body.reason, version: nextVersion(rtmTimeEntries.version) })
          .where(and(eq(rtmTimeEntries.id, scope.entryId), isNull(rtmTimeEntries.deletedAt), whileAtVersion(rtmTimeEntries.version, expected)))
          .returning({ id: rtmTimeEntries.id });
        if (written.length === 0) {
          return expected === undefined
            ? { failure: timeEntryNotFound(), outcome: "denied" as const, reason: "outside_scope" }
            : { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        }
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (failure !== undefined) return refuse(failure.failure, failure.outcome, failure.reason, resourceId);
      return reply.code(204).send();
    },
  );
};
