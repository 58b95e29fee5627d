import * as Schema from "effect/Schema";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import { GameId, GameLevelId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";

/** One of the eight exercise types on the wire. */
export const GameTypeSchema = Schema.Literals(GAME_TYPES);

/** A game of the catalogue: its id, type, display name and the levels it offers (all three when the list is empty). */
export const GameSummary = Schema.Struct({
  id: GameId,
  type: GameTypeSchema,
  name: Schema.String,
  levels_available: Schema.Array(DifficultySchema),
});
export type GameSummary = typeof GameSummary.Type;

/** GET games/: the catalogue, in display order. */
export const GamesResponse = Schema.Array(GameSummary);
export type GamesResponse = typeof GamesResponse.Type;

/**
 * A game assigned to a patient at one difficulty (the "level" of /details-panel/patient/:id/level/:levelId
 * and the `game_level_id` of the session calls).
 */
export const PatientGameLevel = Schema.Struct({
  id: GameLevelId,
  game: Schema.Struct({ id: GameId, type: GameTypeSchema, name: Schema.String }),
  difficulty: DifficultySchema,
  assigned_at: IsoDateTime,
});
export type PatientGameLevel = typeof PatientGameLevel.Type;

/** GET patients/{id}/game-levels/: the patient's live assignments, by game then difficulty. */
export const PatientGameLevelsResponse = Schema.Array(PatientGameLevel);
export type PatientGameLevelsResponse = typeof PatientGameLevelsResponse.Type;
