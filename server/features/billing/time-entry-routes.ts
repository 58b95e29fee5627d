import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { timeEntryCreateEndpoint, timeEntryDeleteEndpoint, timeEntryListEndpoint, timeEntryPatchEndpoint } from "../../../domain/billing/time-log-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { type ApiFailure, apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { onePatientScope } from "../patients/index.ts";
import { monthEntries, oneEntry } from "./time-entry-queries.ts";
import { timeEntryNotFound, timeEntryScope } from "./time-log-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/** How far ahead of the server's clock a start may lie: a clinician's clock a little fast is not an error. */
const FUTURE_TOLERANCE_MS = 60_000;

/** 400 ERROR_056 on `start`: time not yet spent cannot be logged. */
const startInFuture = (): ApiFailure => apiFailure(400, "ERROR_056", "the entry starts in the future", { field: "start" });

const isInFuture = (start: string, now: Date): boolean => Date.parse(start) > now.getTime() + FUTURE_TOLERANCE_MS;

const READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

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
      doc: { summary: "Logs the caller's treatment-management time on a patient: activity, start (not ahead of now), minutes (1 to 600), note", scope: "assigned-patients", errors: { 400: ["ERROR_056"], ...READ_ERRORS } },
      audit: { action: "create", resource: "rtm_time_entry" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      if (isInFuture(body.start, clock.now())) return refuse(startInFuture(), "failure", "start_in_future", String(scope.patientId));
      const entryId = await db.transaction(async (tx) => {
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
        return row.id;
      });
      const entry = await oneEntry(db, entryId);
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
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, ...STALE_VERSION_ERRORS },
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
      if (patch.start !== undefined && isInFuture(patch.start, now)) return refuse(startInFuture(), "failure", "start_in_future", resourceId);
      const failure = await db.transaction(async (tx) => {
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
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, ...STALE_VERSION_ERRORS },
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
