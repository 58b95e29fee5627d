import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { accountingEndpoint, disclosureCreateEndpoint } from "../../../domain/audit/disclosure-endpoints.ts";
import { accountingStart, disclosureDayProblem } from "../../../domain/audit/disclosure-form.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { disclosuresOf, recordDisclosure } from "./disclosure-register.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const DOC_ERRORS = { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/**
 * The accounting of disclosures (HIPAA 164.528, issue 38, docs/audit.md): a patient's accounting
 * six years back, and an administrator's entry in the register. Both hold `audit_log` (institution
 * administrators and the super administrator) and name one patient of the caller's institution
 * (`assigned-patients`): the super administrator reaches no patient data (403), another
 * institution's patient does not exist (404). Both are audited about the patient.
 */
export const registerDisclosureRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    accountingEndpoint,
    {
      access: { resource: "audit_log", action: "list" },
      doc: { summary: "A patient's accounting of disclosures: every disclosure outside treatment, payment and operations in the six years up to today (UTC), newest first", scope: "assigned-patients", errors: DOC_ERRORS },
      audit: { action: "read", resource: "patient_disclosures" },
      scope: (principal, { query }) => onePatientScope(db, principal, query.patient),
    },
    async ({ input: { query }, audit }, _request, reply) => {
      const to = calendarDayIn(clock.now(), "UTC");
      const from = accountingStart(to);
      const answer = await db.transaction(async (tx) => {
        const [patient] = await tx.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, query.patient)).limit(1);
        const entries = await disclosuresOf(tx, query.patient, { from, to });
        await audit("success", null, String(query.patient), tx);
        return { patient_id: query.patient, patient_name: `${patient?.firstName ?? ""} ${patient?.lastName ?? ""}`.trim(), from, to, disclosures: entries };
      });
      return reply.send(answer);
    },
  );

  routeEndpoint(
    app,
    deps,
    disclosureCreateEndpoint,
    {
      access: { resource: "audit_log", action: "create" },
      doc: {
        summary: "Records a disclosure of a patient's data in the register (recipient and address, what, purpose, the day: today or up to six years back); append-only",
        scope: "assigned-patients",
        errors: { ...DOC_ERRORS, 403: ["ERROR_001", "ERROR_075"] },
        status: 201,
      },
      audit: { action: "create", resource: "disclosure" },
      scope: (principal, { body }) => onePatientScope(db, principal, body.patient),
    },
    async ({ input: { body }, principal, scope, audit, refuse }, _request, reply) => {
      const now = clock.now();
      const problem = disclosureDayProblem(body.disclosed_on, calendarDayIn(now, "UTC"));
      if (problem !== null) return refuse(apiFailure(400, "ERROR_056", problem, { field: "disclosed_on" }), "failure", "invalid_body");
      const written = await db.transaction(async (tx) => {
        const id = await recordDisclosure(tx, {
          institutionId: scope.institutionId,
          patientId: body.patient,
          disclosedOn: body.disclosed_on,
          recipient: body.recipient,
          recipientAddress: body.recipient_address,
          what: body.what,
          purpose: body.purpose,
          source: "manual",
          recordedBy: principal.userId,
          recordedAt: now,
        });
        await audit("success", null, String(id), tx);
        const [entry] = await disclosuresOf(tx, body.patient, { id });
        return entry;
      });
      return reply.code(201).send(written);
    },
  );
};
