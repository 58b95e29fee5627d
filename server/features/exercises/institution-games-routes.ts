import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { assignInstitutionGamesEndpoint, institutionGamesEndpoint } from "../../../domain/exercises/exercises-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games, institutionGames } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { institutionMemberScope, ownInstitutionScope } from "../../http/institution-scope.ts";
import { offeredGames } from "./offered-games.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/**
 * GET institutions/{id}/games/: the games an institution offers, each level's content URL and the
 * content file's limits (what the assignment forms and the templates page build on), and
 * PUT institutions/{id}/assign_games/: the set of games it offers. A game taken away ends the
 * live assignments of it in that institution (is_active false; sessions and history stay).
 */
export const registerInstitutionGameRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    institutionGamesEndpoint,
    {
      access: { resource: "institution", action: "retrieve" },
      doc: {
        summary: "The games an institution offers, with each level's content file URL and its limits (file configuration)",
        scope: "institution-member",
        errors: { 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "read", resource: "institution_games" },
      scope: (principal, { params }) => institutionMemberScope(db, principal, params.id),
    },
    async ({ scope, audit }) => {
      const body = await offeredGames(db, scope.institutionId);
      await audit("success", null, String(scope.institutionId));
      return body;
    },
  );

  routeEndpoint(
    app,
    deps,
    assignInstitutionGamesEndpoint,
    {
      access: { resource: "institution", action: "assign_games" },
      doc: {
        summary: "Set the games an institution offers; live assignments of a game taken away end (is_active false), their sessions stay",
        scope: "own-institution",
        errors: { 400: ["ERROR_030", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "assign_games", resource: "institution" },
      scope: (principal, { params }) => ownInstitutionScope(db, principal, params.id),
    },
    async ({ input: { body }, scope, audit, auditEach, refuse }) => {
      const resourceId = String(scope.institutionId);
      const wanted = [...new Set<number>(body.games)];
      const known = wanted.length === 0 ? [] : await db.select({ id: games.id }).from(games).where(inArray(games.id, wanted));
      const unknownIndex = body.games.findIndex((id) => !known.some((row) => row.id === id));
      if (unknownIndex >= 0) {
        return refuse(
          apiFailure(400, "ERROR_030", "unknown game", { field: `games.${unknownIndex}`, placeholders: { field_name: "game" } }),
          "failure",
          "unknown_game",
          resourceId,
        );
      }
      await db.transaction(async (tx) => {
        const now = clock.now();
        const institutionFilter = eq(institutionGames.institutionId, scope.institutionId);
        const removed = await tx
          .delete(institutionGames)
          .where(wanted.length === 0 ? institutionFilter : and(institutionFilter, notInArray(institutionGames.gameId, wanted)))
          .returning({ gameId: institutionGames.gameId });
        if (wanted.length > 0) {
          await tx
            .insert(institutionGames)
            .values(wanted.map((gameId) => ({ institutionId: scope.institutionId, gameId, assignedAt: now })))
            .onConflictDoNothing();
        }
        const removedIds = removed.map((row) => row.gameId);
        const ended =
          removedIds.length === 0
            ? []
            : await tx
                .update(patientGameLevels)
                .set({ isActive: false })
                .where(
                  and(
                    eq(patientGameLevels.isActive, true),
                    inArray(patientGameLevels.gameId, removedIds),
                    inArray(patientGameLevels.patientId, tx.select({ id: patients.id }).from(patients).where(eq(patients.institutionId, scope.institutionId))),
                  ),
                )
                .returning({ patientId: patientGameLevels.patientId });
        // Each patient whose assignments ended gets a row of their own: their record changed.
        const endedFor = [...new Set(ended.map((row) => row.patientId))].sort((a, b) => a - b).map(String);
        await auditEach({ action: "deactivate", resource: "patient_game_levels", outcome: "success", reason: "game_no_longer_offered" }, endedFor, tx);
        await audit("success", null, resourceId, tx);
      });
      return offeredGames(db, scope.institutionId);
    },
  );
};
