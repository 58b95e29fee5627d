import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { assignInstitutionGamesEndpoint, assignInstitutionGamesPreviewEndpoint, institutionGamesEndpoint } from "../../../domain/exercises/exercises-endpoints.ts";
import { gamesWithdrawn, withdrawalNeedsConfirmation } from "../../../domain/exercises/index.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { games, institutionGames } from "../../db/schema/games.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { institutionMemberScope, ownInstitutionScope } from "../../http/institution-scope.ts";
import { offeredGames } from "./offered-games.ts";
import { pauseAssignments, restoreAssignments, stoppingAssignments } from "./offer-withdrawal-store.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const offeredIds = async (db: Database, institutionId: number): Promise<readonly number[]> =>
  (await db.select({ gameId: institutionGames.gameId }).from(institutionGames).where(eq(institutionGames.institutionId, institutionId))).map((row) => row.gameId);

/** 409: the change would stop patients' exercises and the body did not confirm that many (issue 31); nothing is written. */
const stopNeedsConfirmation = (patients: number) =>
  apiFailure(409, "ERROR_050", `removing the games stops exercises for ${patients} patients and was not confirmed`, {
    field: "confirm_stop_assignments",
    placeholders: { status: `unconfirmed: it stops exercises for ${countOf(patients, NOUNS.patient)}` },
  });

/**
 * GET institutions/{id}/games/: the games an institution offers, each level's content URL and the
 * content file's limits (what the assignment forms and the templates page build on), and
 * PUT institutions/{id}/assign_games/: the set of games it offers. A game taken away pauses the
 * live assignments of it in that institution (is_active false, paused_by_institution_at set;
 * sessions and history stay) and only once the body confirms how many patients that stops; a game
 * offered again brings those assignments back as they were (issue 31, docs/exercises-api.md).
 * GET institutions/{id}/assign_games/preview/ tells that count beforehand.
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
        summary:
          "Set the games an institution offers; live assignments of a game taken away pause (is_active false, kept) once confirm_stop_assignments repeats how many patients that stops, and come back when the game is offered again",
        scope: "own-institution",
        errors: { 400: ["ERROR_030", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], 409: ["ERROR_050"] },
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
      const outcome = await db.transaction(async (tx) => {
        const offered = await offeredIds(tx, scope.institutionId);
        const withdrawn = gamesWithdrawn(offered, wanted);
        // Counted in the writing transaction: the confirmation must match what is stopped now, not what a stale preview saw.
        const stopping = await stoppingAssignments(tx, scope.institutionId, withdrawn);
        if (withdrawalNeedsConfirmation(stopping.patients, body.confirm_stop_assignments)) return { refused: stopping.patients } as const;
        const now = clock.now();
        if (withdrawn.length > 0) {
          await tx.delete(institutionGames).where(and(eq(institutionGames.institutionId, scope.institutionId), inArray(institutionGames.gameId, [...withdrawn])));
        }
        const added = wanted.filter((id) => !offered.includes(id));
        if (added.length > 0) {
          await tx
            .insert(institutionGames)
            .values(added.map((gameId) => ({ institutionId: scope.institutionId, gameId, assignedAt: now })))
            .onConflictDoNothing();
        }
        const paused = await pauseAssignments(tx, scope.institutionId, withdrawn, now);
        const restored = await restoreAssignments(tx, scope.institutionId, added);
        // Each patient whose assignments paused or came back gets a row of their own: their record changed.
        const each = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).map(String);
        await auditEach({ action: "deactivate", resource: "patient_game_levels", outcome: "success", reason: "game_no_longer_offered" }, each(paused), tx);
        await auditEach({ action: "activate", resource: "patient_game_levels", outcome: "success", reason: "game_offered_again" }, each(restored), tx);
        await audit("success", null, resourceId, tx);
        return { refused: null } as const;
      });
      if (outcome.refused !== null) {
        return refuse(stopNeedsConfirmation(outcome.refused), "failure", "stop_assignments_unconfirmed", resourceId);
      }
      return offeredGames(db, scope.institutionId);
    },
  );

  routeEndpoint(
    app,
    deps,
    assignInstitutionGamesPreviewEndpoint,
    {
      access: { resource: "institution", action: "assign_games" },
      doc: {
        summary: "What setting these games would stop: each offered game left out, with how many patients have live assignments of it, and those patients counted once",
        scope: "own-institution",
        errors: { 400: ["ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "read", resource: "assign_games_preview" },
      scope: (principal, { params }) => ownInstitutionScope(db, principal, params.id),
    },
    async ({ input: { query }, scope, audit }) => {
      const withdrawn = gamesWithdrawn(await offeredIds(db, scope.institutionId), query.games ?? []);
      const preview = await stoppingAssignments(db, scope.institutionId, withdrawn);
      await audit("success", null, String(scope.institutionId));
      return preview;
    },
  );
};
