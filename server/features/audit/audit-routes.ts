import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditExportFileName, auditExportHeader } from "../../../domain/audit/audit-csv.ts";
import { auditAlertsEndpoint, auditEventsEndpoint, auditExportEndpoint, patientAccessEndpoint, personActivityEndpoint } from "../../../domain/audit/audit-endpoints.ts";
import { periodProblem } from "../../../domain/audit/audit-period.ts";
import { AUDIT_PAGE_DEFAULT, type AuditEventsQuery } from "../../../domain/audit/audit-wire.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { type AuditFilters, auditPage, patientAccess, personActivity, personName } from "./audit-queries.ts";
import { alertCounts } from "./audit-alert-queries.ts";
import { auditExportParts } from "./audit-export-chain.ts";
import { auditScope } from "./audit-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const filtersOf = (query: AuditEventsQuery): AuditFilters => {
  const { sort: _sort, direction: _direction, after: _after, page_size: _size, ...filters } = query;
  return filters;
};

/** A period that does not read (start after end: ERROR_034; longer than a year: ERROR_056), or null. */
const periodFailure = (from: string | undefined, to: string | undefined, maxDays?: number): ApiFailure | null => {
  if (from === undefined || to === undefined) return null;
  const problem = periodProblem(from, to, maxDays);
  return problem === null ? null : apiFailure(400, problem.code, problem.reason, { field: problem.field });
};

/** 400 ERROR_003 on a period bound an export or a report needs ('The period start is required'). */
const boundRequired = (field: "from" | "to"): ApiFailure =>
  apiFailure(400, "ERROR_003", `the ${field} day is required`, { field, placeholders: { field_name: field === "from" ? "period start" : "period end" } });

const badCursor = (): ApiFailure => apiFailure(400, "ERROR_056", "the cursor belongs to another order", { field: "after" });

/** Whether the caller asked for the JSON form of the export (the portal does; a browser or curl gets the file). */
const wantsJson = (request: FastifyRequest): boolean => {
  const accept = request.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/csv");
};

async function* csvParts(lines: AsyncGenerator<string>): AsyncGenerator<string> {
  yield auditExportHeader();
  yield* lines;
}

// Bytes, not batches, bound what the stream reads ahead of the client (an object stream would
// read 16 batches ahead): memory stays flat whatever the period's size.
const streamOf = (parts: AsyncGenerator<string>): Readable => Readable.from(parts, { objectMode: false, highWaterMark: 1 << 20 });

async function* jsonParts(filename: string, parts: AsyncGenerator<string>): AsyncGenerator<string> {
  yield `{"filename":${JSON.stringify(filename)},"csv":"`;
  for await (const part of parts) yield JSON.stringify(part).slice(1, -1);
  yield `"}`;
}

const DOC_ERRORS = { 400: ["ERROR_003", "ERROR_034", "ERROR_056"], 403: ["ERROR_001"] } as const;

/**
 * The audit log viewer's reads (issue 38, docs/audit-viewer.md): the list, its CSV export and the
 * two reports. Each is itself audited (read or export of audit_log, the patient or person it was
 * about as the record), in the same transaction as the read, or before the first line of an export leaves.
 */
export const registerAuditRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db } = deps;

  routeEndpoint(
    app,
    deps,
    auditEventsEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: {
        summary: "One page of the caller's audit log (an institution's rows; the super administrator's: institution-level rows only), filtered by person, patient, action, record kind, outcome, IP and days, sorted by any column, paged by keys",
        scope: "own-institution",
        errors: DOC_ERRORS,
      },
      audit: { action: "read", resource: "audit_log" },
      scope: (principal, { query }) => auditScope(db, principal, query.patient),
    },
    async ({ input: { query }, scope, audit, refuse }, _request, reply) => {
      const period = periodFailure(query.from, query.to, Number.POSITIVE_INFINITY);
      if (period !== null) return refuse(period, "failure", "invalid_query");
      const ask = { sort: query.sort ?? "time", direction: query.direction ?? "desc", after: query.after, size: query.page_size ?? AUDIT_PAGE_DEFAULT } as const;
      const page = await db.transaction(async (tx) => {
        const read = await auditPage(tx, scope, filtersOf(query), ask);
        if (read !== null) await audit("success", null, query.patient === undefined ? null : String(query.patient), tx);
        return read;
      });
      if (page === null) return refuse(badCursor(), "failure", "invalid_query");
      return reply.send(page);
    },
  );

  routeEndpoint(
    app,
    deps,
    auditExportEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: {
        summary: "Every row of the caller's audit log matching the filters over a period of at most a year (from and to required), as text/csv streamed in the list's order; with Accept: application/json the same file in a JSON envelope",
        scope: "own-institution",
        errors: DOC_ERRORS,
      },
      audit: { action: "export", resource: "audit_log" },
      scope: (principal, { query }) => auditScope(db, principal, query.patient),
    },
    async ({ input: { query }, scope, audit, refuse }, request, reply) => {
      if (query.from === undefined) return refuse(boundRequired("from"), "failure", "invalid_query");
      if (query.to === undefined) return refuse(boundRequired("to"), "failure", "invalid_query");
      const period = periodFailure(query.from, query.to);
      if (period !== null) return refuse(period, "failure", "invalid_query");
      const filters = filtersOf(query);
      const filename = auditExportFileName(filters);
      // Audited before the first line leaves: an export that breaks off was still asked for.
      await audit("success", null, query.patient === undefined ? null : String(query.patient));
      const parts = csvParts(auditExportParts(db, scope, filters, query.sort ?? "time", query.direction ?? "desc"));
      if (wantsJson(request)) return reply.type("application/json; charset=utf-8").header("cache-control", "no-store").send(streamOf(jsonParts(filename, parts)));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(streamOf(parts));
    },
  );

  routeEndpoint(
    app,
    deps,
    patientAccessEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: { summary: "Who accessed one patient's record in a period of at most a year: one line per person with their actions, counts, refusals, first and last time", scope: "own-institution", errors: DOC_ERRORS },
      audit: { action: "read", resource: "audit_patient_access" },
      scope: (principal, { query }) => auditScope(db, principal, query.patient),
    },
    async ({ input: { query }, scope, audit, refuse }, _request, reply) => {
      const period = periodFailure(query.from, query.to);
      if (period !== null) return refuse(period, "failure", "invalid_query");
      const people = await db.transaction(async (tx) => {
        const lines = await patientAccess(tx, scope, query.patient, query.from, query.to);
        await audit("success", null, String(query.patient), tx);
        return lines;
      });
      return reply.send({ patient_id: query.patient, from: query.from, to: query.to, people });
    },
  );

  routeEndpoint(
    app,
    deps,
    personActivityEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: { summary: "What one person did in a period of at most a year, as the caller's log shows it: one line per action and record kind with counts, refusals, first and last time", scope: "own-institution", errors: DOC_ERRORS },
      audit: { action: "read", resource: "audit_person_activity" },
      scope: (principal) => auditScope(db, principal),
    },
    async ({ input: { query }, scope, audit, refuse }, _request, reply) => {
      const period = periodFailure(query.from, query.to);
      if (period !== null) return refuse(period, "failure", "invalid_query");
      const answer = await db.transaction(async (tx) => {
        const activity = await personActivity(tx, scope, query.user, query.from, query.to);
        const name = await personName(tx, scope, query.user, activity.length > 0);
        await audit("success", null, String(query.user), tx);
        return { user_id: query.user, user_name: name, from: query.from, to: query.to, activity };
      });
      return reply.send(answer);
    },
  );

  routeEndpoint(
    app,
    deps,
    auditAlertsEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: {
        summary: "How many of the caller's visible audit rows each saved alert finds in a period of at most a year (after-hours access, exports, repeated failed sign-ins, privilege changes), with the last one's time",
        scope: "own-institution",
        errors: DOC_ERRORS,
      },
      audit: { action: "read", resource: "audit_alerts" },
      scope: (principal) => auditScope(db, principal),
    },
    async ({ input: { query }, scope, audit, refuse }, _request, reply) => {
      const period = periodFailure(query.from, query.to);
      if (period !== null) return refuse(period, "failure", "invalid_query");
      const alerts = await db.transaction(async (tx) => {
        const counts = await alertCounts(tx, scope, query.from, query.to);
        await audit("success", null, null, tx);
        return counts;
      });
      return reply.send({ from: query.from, to: query.to, alerts });
    },
  );
};
