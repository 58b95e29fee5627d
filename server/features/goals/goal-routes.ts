import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { GOAL_KIND } from "../../../domain/goals/goal-criterion.ts";
import { nextLongTermLabel, nextShortTermLabel } from "../../../domain/goals/goal-label.ts";
import { goalCreateEndpoint, goalEditEndpoint, patientGoalsEndpoint } from "../../../domain/goals/goals-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { goals } from "../../db/schema/goals.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ApiFailure, apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { checkGoal, createInput, editInput, goalColumns } from "./goal-input.ts";
import { readGoal, readPatientGoals } from "./goal-reads.ts";
import { goalNotFound, goalScope } from "./goal-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const unknownParent = (): ApiFailure => apiFailure(400, "ERROR_030", "no such long-term goal of this patient", { field: "parent_goal", placeholders: { field_name: "long-term goal" } });

/**
 * A patient's goals (docs/goals.md, "API"): the list with each goal's progress judged on read, a
 * new goal (the server gives its label), an edit or a closing (met, discontinued) of one, refused
 * when stale (412). Who may: the patient's caseload rule (an SLP their assigned patients, an
 * administrator the institution's); every read, write and refusal is audited.
 */
export const registerGoalRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    patientGoalsEndpoint,
    {
      access: { resource: "goals", action: "list" },
      doc: { summary: "The patient's goals, met and discontinued ones too, each with its baseline, current value and FHIR status judged from the corrected sessions", scope: "assigned-patients", errors: { 403: ["ERROR_001"], 404: ["ERROR_030"] } },
      audit: { action: "read", resource: "goal" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }) =>
      db.transaction(async (tx) => {
        const answer = await readPatientGoals(tx, scope.patientId, clock.now());
        await audit("success", null, String(scope.patientId), tx);
        return { today: answer.today, goals: [...answer.goals] };
      }),
  );

  routeEndpoint(
    app,
    deps,
    goalCreateEndpoint,
    {
      access: { resource: "goals", action: "create" },
      doc: {
        summary: "Writes a goal with its measurable criterion; a long-term goal gets the next LTG-n, a short-term one the next STG-n letter under its long-term goal",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_030", "ERROR_034", "ERROR_052", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "goal" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const checked = checkGoal(createInput(body));
      if (!checked.ok) return refuse(checked.failure, "failure", "invalid_goal", String(scope.patientId));
      const { values } = checked;
      const outcome = await db.transaction(async (tx) => {
        // The patient's row is the lock that gives labels one at a time.
        await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, scope.patientId)).for("update");
        const existing = await tx.select({ id: goals.id, label: goals.label, kind: goals.kind }).from(goals).where(eq(goals.patientId, scope.patientId));
        const labels = existing.map((goal) => goal.label);
        let label = nextLongTermLabel(labels);
        if (values.kind === GOAL_KIND.shortTerm) {
          const parent = existing.find((goal) => goal.id === values.parent_goal && goal.kind === GOAL_KIND.longTerm);
          const shortLabel = parent === undefined ? null : nextShortTermLabel(parent.label, labels);
          if (shortLabel === null) return { kind: "refused", failure: unknownParent() } as const;
          label = shortLabel;
        }
        const now = clock.now();
        const [row] = await tx
          .insert(goals)
          .values({
            patientId: scope.patientId,
            institutionId: scope.institutionId,
            label,
            kind: values.kind,
            parentGoalId: values.parent_goal,
            ...goalColumns(values),
            createdByUserId: principal.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: goals.id });
        if (row === undefined) throw new Error("goal insert returned no row");
        await audit("success", null, String(row.id), tx);
        return { kind: "written", id: row.id } as const;
      });
      if (outcome.kind === "refused") return refuse(outcome.failure, "failure", "unknown_parent_goal", String(scope.patientId));
      const goal = await readGoal(db, outcome.id, clock.now());
      if (goal === undefined) return replyWithFailure(reply, goalNotFound());
      return sendVersionTag(reply, goal.version).code(201).send(goal);
    },
  );

  routeEndpoint(
    app,
    deps,
    goalEditEndpoint,
    {
      access: { resource: "goals", action: "update" },
      doc: {
        summary: "Edits a goal's statement, criterion, dates or entered baseline, or closes it as met or discontinued (kept, never deleted); its label, kind and long-term goal stay; If-Match or `version` refuses a stale edit (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_034", "ERROR_052", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "goal" },
      scope: (principal, { params }) => goalScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.goalId);
      const { version: bodyVersion, lifecycle, ...edit } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx.select().from(goals).where(eq(goals.id, scope.goalId)).for("update");
        if (stored === undefined) return { failure: goalNotFound(), outcome: "denied" as const, reason: "outside_scope" };
        const checked = checkGoal(editInput(stored, edit));
        if (!checked.ok) return { failure: checked.failure, outcome: "failure" as const, reason: "invalid_goal" };
        const written = await tx
          .update(goals)
          .set({ ...goalColumns(checked.values), ...(lifecycle === undefined ? {} : { lifecycle }), lastEditedByUserId: principal.userId, updatedAt: clock.now(), version: nextVersion(goals.version) })
          .where(and(eq(goals.id, scope.goalId), whileAtVersion(goals.version, expected)))
          .returning({ id: goals.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        await audit("success", lifecycle === undefined ? null : `lifecycle_${lifecycle}`, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const goal = await readGoal(db, scope.goalId, clock.now());
      if (goal === undefined) return replyWithFailure(reply, goalNotFound());
      return sendVersionTag(reply, goal.version).send(goal);
    },
  );
};
