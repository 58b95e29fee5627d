import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { GamesResponse, PatientGameLevelsResponse } from "../../../domain/exercises/index.ts";
import { PatientPathParams } from "../../../domain/patients/index.ts";
import { DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { openRoute } from "../../http/open-route.ts";
import { onePatientScope } from "../patients/index.ts";

const decodePatient = decodeRequest(PatientPathParams, "params");

/**
 * GET games/: the exercise catalogue (the list's game filter, later the exercises page), and
 * GET patients/{id}/game-levels/: the games a patient is assigned, at which difficulty, with the
 * level id the exercise overview and the session calls take.
 */
export const registerGameRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const { db } = deps;

  app.get(
    "/api/games/",
    { config: { access: { resource: "game", action: "list" }, doc: { summary: "The exercise catalogue: each game's id, type, name and the levels it offers", scope: "none", errors: {}, response: GamesResponse } } },
    openRoute(deps, { scope: () => ({ ok: true, scope: null }) })(async () =>
      db.select({ id: games.id, type: games.type, name: games.name, levels_available: games.levelsAvailable }).from(games).orderBy(asc(games.name), asc(games.id)),
    ),
  );

  app.get(
    "/api/patients/:id/game-levels/",
    {
      config: {
        decodes: [decodePatient],
        access: { resource: "patient", action: "retrieve" },
        doc: { summary: "The games a patient is assigned, each at one difficulty, with its level id", scope: "assigned-patients", errors: { 404: ["ERROR_030"] }, response: PatientGameLevelsResponse },
      },
    },
    openRoute(deps, {
      audit: { action: "read", resource: "patient_game_levels" },
      decode: decodePatient,
      scope: (principal, params) => onePatientScope(db, principal, params.id),
    })(async ({ scope, audit }) => {
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
          id: row.id,
          game: { id: row.gameId, type: row.type, name: row.name },
          difficulty: row.difficulty,
          assigned_at: row.assignedAt.toISOString(),
        }));
    }),
  );
};
