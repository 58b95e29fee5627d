import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MAX_LEVEL_WRITES_PER_ASSIGNMENT, checkAssignmentSize, checkMayReceiveAssignments } from "../../../domain/exercises/assignment-rules.ts";
import { checkAssignmentRequest, checkSomethingToAssign } from "../../../domain/exercises/assignment-request-rules.ts";
import { assignmentEndpoint } from "../../../domain/exercises/exercises-endpoints.ts";
import type { AssignmentResponse, GameFormsWire } from "../../../domain/exercises/index.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { sliceCondition, sliceOf } from "../../http/patient-scope.ts";
import { writeAssignment } from "./assignment-writes.ts";
import { checkGameForms } from "./check-game-forms.ts";
import { offerById, offeredGames } from "./offered-games.ts";
import { formsOf, loadTemplates, visibleTo } from "./template-store.ts";
import { exerciseTemplates } from "../../db/schema/games.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const notFound = (field: string, what: "patient" | "template") =>
  apiFailure(404, "ERROR_030", `${what} outside the caller's slice`, { field, placeholders: { field_name: what } });

/** What the transaction decided: the counts written, or the refusal found once the patients were locked (nothing written). */
type Outcome =
  | { readonly ok: true; readonly created: number; readonly updated: number }
  | { readonly ok: false; readonly failure: ApiFailure; readonly outcome: "denied" | "failure"; readonly reason: string; readonly resourceId: string };

/**
 * POST assignments/: one or more games with their forms (or a template's) assigned to one or many
 * patients of the caller's slice, all or nothing. Each form is checked against the patient
 * institution's games and the content file's limits, the call's size against the cap (patients ×
 * forms), and each patient's status (a discharged patient gets no new exercises); a live level of
 * the same game and difficulty is re-prescribed in place (same level id, new limits, assigned_at
 * kept). The patients are read and locked in the transaction of the write, so one deactivated
 * meanwhile is refused rather than assigned. One audit row per patient, in that transaction. The
 * answer is counts and ids, small whatever the call's size (docs/exercises-api.md).
 */
export const registerAssignmentRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db } = deps;

  routeEndpoint(
    app,
    deps,
    assignmentEndpoint,
    {
      access: { resource: "patient", action: "assign_game" },
      doc: {
        summary: `Assign games with their forms, or a template's, to one or many of the caller's active or pending patients (all or nothing; a live level is updated in place; at most ${MAX_LEVEL_WRITES_PER_ASSIGNMENT} levels, patients × forms, a call)`,
        scope: "assigned-patients",
        errors: { 400: ["ERROR_030", "ERROR_031", "ERROR_050", "ERROR_052", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "assign", resource: "patient_game_levels" },
      scope: (principal) => sliceOf(db, principal),
    },
    async ({ principal, input: { body: input }, scope, auditEach, refuse }) => {
      // The rules the assign page checks too (domain/exercises/assignment-request-rules.ts).
      const asked = checkAssignmentRequest(input);
      if (!asked.ok) return refuse(fromDomainFailure(400, asked, asked.reason), "failure", asked.reason);

      let entries: readonly GameFormsWire[];
      let templateId: number | null = null;
      let path = "games";
      if (input.template !== undefined) {
        const [template] = await loadTemplates(db, and(eq(exerciseTemplates.id, input.template), visibleTo(scope.institutionId)) ?? sql`false`);
        if (template === undefined) return refuse(notFound("template", "template"), "denied", "template_outside_scope");
        entries = formsOf(template);
        templateId = template.id;
        path = "template.games";
      } else entries = input.games ?? [];
      const something = checkSomethingToAssign(entries, path === "games" ? "games" : "template");
      if (!something.ok) return refuse(fromDomainFailure(400, something, something.reason), "failure", something.reason);
      const size = checkAssignmentSize(input.patients.length, entries.reduce((sum, entry) => sum + entry.forms.length, 0));
      if (!size.ok) return refuse(fromDomainFailure(400, size, "assignment over the level cap"), "failure", "assignment_too_large");
      const offer = offerById(await offeredGames(db, scope.institutionId));
      const formFailure = checkGameForms(entries, offer, path);
      if (formFailure !== undefined) return refuse(formFailure, "failure", "assignment_forms");

      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        // FOR SHARE: a patient deactivated while this call runs waits for it, or is seen inactive here.
        const reached = await tx
          .select({ id: patients.id, status: patients.status })
          .from(patients)
          .where(and(inArray(patients.id, [...input.patients]), sliceCondition(scope)))
          .for("share");
        const statusOf = new Map(reached.map((row) => [row.id, row.status]));
        for (const [index, id] of input.patients.entries()) {
          const status = statusOf.get(id);
          if (status === undefined) return { ok: false, failure: notFound(`patients.${index}`, "patient"), outcome: "denied", reason: "patient_outside_scope", resourceId: String(id) };
          const allowed = checkMayReceiveAssignments(status);
          if (!allowed.ok) return { ok: false, failure: fromDomainFailure(400, { ...allowed, field: `patients.${index}` }, "patient status refuses new exercises"), outcome: "failure", reason: "patient_status", resourceId: String(id) };
        }
        const written = await writeAssignment(tx, { patientIds: input.patients, entries, templateId, assignedByUserId: principal.userId });
        await auditEach(
          { action: "assign", resource: "patient_game_levels", outcome: "success", reason: templateId === null ? null : `template_${templateId}` },
          input.patients.map(String),
          tx,
        );
        return { ok: true, ...written };
      });
      if (!outcome.ok) return refuse(outcome.failure, outcome.outcome, outcome.reason, outcome.resourceId);
      const answer: AssignmentResponse = {
        patients: input.patients.length,
        levels_created: outcome.created,
        levels_updated: outcome.updated,
        patient_ids: input.patients.map((id) => PatientId.make(id)),
      };
      return answer;
    },
  );
};
