import type { FastifyInstance } from "fastify";
import { checkLogWindow, type OutsideLogWindow } from "../../../domain/billing/log-window.ts";
import { callCreateEndpoint, callListEndpoint } from "../../../domain/billing/time-log-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { rtmCalls } from "../../db/schema/time-log.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { monthCalls, oneCall } from "./call-queries.ts";
import { assertMonthOpen, institutionZone } from "./month-lock-queries.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * 400 ERROR_056 on `date` when the call's day lies outside the log window (domain/billing/log-window.ts):
 * after the institution's today (a call not yet taken) or before the first day of last month.
 */
const dayOutsideWindow = (check: OutsideLogWindow): { readonly failure: ApiFailure; readonly reason: string } =>
  check.reason === "future"
    ? { failure: apiFailure(400, "ERROR_056", "the call's day is in the future", { field: "date" }), reason: "date_in_future" }
    : { failure: apiFailure(400, "ERROR_056", `the call's day is before ${check.span.from}: calls are logged in this month or the last`, { field: "date" }), reason: "date_too_early" };

const READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/**
 * The call log of a patient (issue 24, docs/billing.md "Time log"): the month's live calls and a
 * new one (day, minutes 1 to 240, who took part). The code that needs a live call reads this log.
 */
export const registerCallRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    callListEndpoint,
    {
      access: { resource: "rtm", action: "list" },
      doc: { summary: "A patient's live calls on the days of a month, by day", scope: "assigned-patients", errors: { 400: ["ERROR_056"], ...READ_ERRORS } },
      audit: { action: "read", resource: "rtm_calls" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ input: { query }, scope, audit }, _request, reply) => {
      const body = await monthCalls(db, scope.patientId, query.month);
      await audit("success", null, String(scope.patientId));
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    callCreateEndpoint,
    {
      access: { resource: "rtm", action: "create" },
      doc: {
        summary: "Logs a live call with a patient taken by the caller: day (from the first day of last month to today on the institution's calendar, else 400), minutes (1 to 240), who took part; refused in a locked month (409)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...READ_ERRORS, 409: ["ERROR_050"] },
      },
      audit: { action: "create", resource: "rtm_call" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const window = checkLogWindow({ day: body.date }, clock.now(), await institutionZone(db, scope.institutionId));
      if (!window.ok) {
        const outside = dayOutsideWindow(window);
        return refuse(outside.failure, "failure", outside.reason, String(scope.patientId));
      }
      const written = await db.transaction(async (tx) => {
        // A call's month is its day's: a locked month takes no new call (docs/billing.md, "Month-end").
        const locked = await assertMonthOpen(tx, scope.institutionId, [body.date.slice(0, 7)]);
        if (locked !== undefined) return { ok: false as const, locked };
        const [row] = await tx
          .insert(rtmCalls)
          .values({ patientId: scope.patientId, institutionId: scope.institutionId, takenByUserId: principal.userId, callDate: body.date, minutes: body.minutes, participants: body.participants, createdAt: clock.now() })
          .returning({ id: rtmCalls.id });
        if (row === undefined) throw new Error("the call was not written");
        await audit("success", null, String(row.id), tx);
        return { ok: true as const, callId: row.id };
      });
      if (!written.ok) return refuse(written.locked, "failure", "month_locked", String(scope.patientId));
      const call = await oneCall(db, written.callId);
      if (call === undefined) throw new Error("the call just written was not read back");
      return reply.code(201).send(call);
    },
  );
};
