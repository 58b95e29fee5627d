import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { gamesEndpoint, patientGameLevelsEndpoint } from "../../../domain/exercises/exercises-endpoints.ts";
import { GameId, GameLevelId } from "../../../domain/shared/ids.ts";
import { DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";

/**
 * GET games/: the exercise catalogue (the list's game filter, later the exercises page), and
 * GET patients/{id}/game-levels/: the games a patient is assigned, at which difficulty, with the
 * level id the exercise overview and the session calls take.
 */
export const registerGameRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const { db } = deps;

  routeEndpoint(
    app,
    deps,
    gamesEndpoint,
    {
      access: { resource: "game", action: "list" },
      doc: { summary: "The exercise catalogue: each game's id, type, name and the levels it offers", scope: "none", errors: {} },
      scope: () => ({ ok: true, scope: null }),
    },
    async () => {
      const rows = await db.select({ id: games.id, type: games.type, name: games.name, levels_available: games.levelsAvailable }).from(games).orderBy(asc(games.name), asc(games.id));
      return rows.map((row) => ({ ...row, id: GameId.make(row.id) }));
    },
  );

  routeEndpoint(
    app,
    deps,
    patientGameLevelsEndpoint,
    {
      access: { resource: "patient", action: "retrieve" },
      doc: { summary: "The games a patient is assigned, each at one difficulty, with its level id", scope: "assigned-patients", errors: { 404: ["ERROR_030"] } },
      audit: { action: "read", resource: "patient_game_levels" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }) => {
      const rows = await db
        .select({
          id: patientGameLevels.id,
          gameId: games.id,
          type: games.type,
          name: games.name,
          difficulty: patientGameLevels.difficulty,
          assignedAt: patientGameLevels.assignedAt,
        })
        .from(patientGameLevels)
        .innerJoin(games, eq(games.id, patientGameLevels.gameId))
        .where(and(eq(patientGameLevels.patientId, scope.patientId), eq(patientGameLevels.isActive, true)));
      await audit("success", null, String(scope.patientId));
      return rows
        .sort((a, b) => a.name.localeCompare(b.name) || DIFFICULTY_ORDER.indexOf(a.difficulty) - DIFFICULTY_ORDER.indexOf(b.difficulty))
        .map((row) => ({
          id: GameLevelId.make(row.id),
          game: { id: GameId.make(row.gameId), type: row.type, name: row.name },
          difficulty: row.difficulty,
          assigned_at: row.assignedAt.toISOString(),
        }));
    },
  );
};
