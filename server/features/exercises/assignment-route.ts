import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AssignmentBody, AssignmentResponse, type GameFormsWire, type PatientAssignment } from "../../../domain/exercises/index.ts";
import { GameId, GameLevelId, PatientId } from "../../../domain/shared/ids.ts";
import { DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { patients } from "../../db/schema/patients.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { openRoute } from "../../http/open-route.ts";
import { sliceCondition, sliceOf } from "../patients/index.ts";
import { checkGameForms, limitColumnsOf } from "./check-game-forms.ts";
import { offerById, offeredGames } from "./offered-games.ts";
import { formsOf, loadTemplates, visibleTo } from "./template-store.ts";
import { exerciseTemplates } from "../../db/schema/games.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const decodeBody = decodeRequest(AssignmentBody, "body");

const invalid = (field: string, reason: string) => apiFailure(400, "ERROR_056", reason, { field });
const notFound = (field: string, what: "patient" | "template") =>
  apiFailure(404, "ERROR_030", `${what} outside the caller's slice`, { field, placeholders: { field_name: what } });

/**
 * POST assignments/: one or more games with their forms (or a template's) assigned to one or many
 * patients of the caller's slice, all or nothing. Each form is checked against the patient
 * institution's games and the content file's limits; a live level of the same game and
 * difficulty is re-prescribed in place (same level id, new limits, assigned_at kept). One
 * audit row per patient, in the transaction of the change.
 */
export const registerAssignmentRoute = (app: FastifyInstance, deps: Deps): void => {
  const { db } = deps;

  app.post(
    "/api/assignments/",
    {
      config: {
        access: { resource: "patient", action: "assign_game" },
        decodes: [decodeBody],
        doc: {
          summary: "Assign games with their forms, or a template's, to one or many of the caller's patients (all or nothing; a live level is updated in place)",
          scope: "assigned-patients",
          errors: { 400: ["ERROR_030", "ERROR_031", "ERROR_052", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
          response: AssignmentResponse,
        },
      },
    },
    openRoute(deps, {
      audit: { action: "assign", resource: "patient_game_levels" },
      decode: decodeBody,
      scope: (principal) => sliceOf(db, principal),
    })(async ({ principal, input, scope, audit, refuse }) => {
      if ((input.games === undefined) === (input.template === undefined)) {
        const field = input.games === undefined ? "games" : "template";
        return refuse(invalid(field, "exactly one of games and template"), "failure", "games_or_template");
      }
      const duplicate = input.patients.findIndex((id, index) => input.patients.indexOf(id) !== index);
      if (duplicate >= 0) return refuse(invalid(`patients.${duplicate}`, "patient named twice"), "failure", "duplicate_patient");
      const reached = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(inArray(patients.id, [...input.patients]), sliceCondition(scope)));
      const outside = input.patients.findIndex((id) => !reached.some((row) => row.id === id));
      if (outside >= 0) return refuse(notFound(`patients.${outside}`, "patient"), "denied", "patient_outside_scope", String(input.patients[outside]));

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
      if (entries.length === 0) return refuse(invalid(path === "games" ? "games" : "template", "nothing to assign"), "failure", "nothing_to_assign");
      const offer = offerById(await offeredGames(db, scope.institutionId));
      const formFailure = checkGameForms(entries, offer, path);
      if (formFailure !== undefined) return refuse(formFailure, "failure", "assignment_forms");

      const rows = input.patients.flatMap((patientId) =>
        entries.flatMap((entry) =>
          entry.forms.map((form) => ({
            patientId,
            ...limitColumnsOf(entry.game, form),
            exerciseTemplateId: templateId,
            assignedByUserId: principal.userId,
          })),
        ),
      );
      const written = await db.transaction(async (tx) => {
        const levels = await tx
          .insert(patientGameLevels)
          .values(rows)
          .onConflictDoUpdate({
            target: [patientGameLevels.patientId, patientGameLevels.gameId, patientGameLevels.difficulty],
            targetWhere: sql`${patientGameLevels.isActive}`,
            set: {
              amountChallenges: sql`excluded.amount_challenges`,
              amountTrials: sql`excluded.amount_trials`,
              minRepetitionsPerDay: sql`excluded.min_repetitions_per_day`,
              maxRepetitionsPerDay: sql`excluded.max_repetitions_per_day`,
              unlimited: sql`excluded.unlimited`,
              exerciseTemplateId: sql`excluded.exercise_template_id`,
              assignedByUserId: sql`excluded.assigned_by_user_id`,
            },
          })
          .returning({ id: patientGameLevels.id, patientId: patientGameLevels.patientId, gameId: patientGameLevels.gameId, difficulty: patientGameLevels.difficulty, assignedAt: patientGameLevels.assignedAt });
        for (const patientId of input.patients) await audit("success", templateId === null ? null : `template_${templateId}`, String(patientId), tx);
        return levels;
      });
      const assignments: PatientAssignment[] = input.patients.map((patientId) => ({
        patient: PatientId.make(patientId),
        game_levels: written
          .filter((level) => level.patientId === patientId)
          .map((level) => {
            const game = offer.get(level.gameId);
            return {
              id: GameLevelId.make(level.id),
              game: { id: GameId.make(level.gameId), type: game?.type ?? "naming", name: game?.name ?? "Unknown" },
              difficulty: level.difficulty,
              assigned_at: level.assignedAt.toISOString(),
            };
          })
          .sort((a, b) => a.game.name.localeCompare(b.game.name) || DIFFICULTY_ORDER.indexOf(a.difficulty) - DIFFICULTY_ORDER.indexOf(b.difficulty)),
      }));
      return { assignments };
    }),
  );
};
