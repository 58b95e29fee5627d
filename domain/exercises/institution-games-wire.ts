import * as Schema from "effect/Schema";
import { DifficultySchema } from "../shared/games/difficulty.ts";
import { GameId, InstitutionId } from "../shared/ids.ts";
import { Count } from "../shared/wire/paged.ts";
import { idFromUrl, repeatedFromQuery } from "../shared/wire/query-string.ts";
import { ContentConfiguration } from "./content-file.ts";
import { GameTypeSchema } from "./games-wire.ts";

/** The limits a content file sets for its game at one difficulty: what an assignment form may not exceed (the content file's own schema). */
export const FileConfigurationWire = ContentConfiguration;
export type FileConfigurationWire = typeof FileConfigurationWire.Type;

/** One level a game offers: its difficulty, the content file's URL (under /api) and the file's limits. */
export const InstitutionGameLevel = Schema.Struct({
  difficulty: DifficultySchema,
  content_url: Schema.String,
  configuration: FileConfigurationWire,
});
export type InstitutionGameLevel = typeof InstitutionGameLevel.Type;

/** A game an institution offers, with every level it can be assigned at, easiest first. */
export const InstitutionGame = Schema.Struct({
  id: GameId,
  type: GameTypeSchema,
  name: Schema.String,
  levels: Schema.Array(InstitutionGameLevel),
});
export type InstitutionGame = typeof InstitutionGame.Type;

/** GET institutions/{id}/games/ and the answer of PUT institutions/{id}/assign_games/: the institution's games by name. */
export const InstitutionGamesResponse = Schema.Array(InstitutionGame);
export type InstitutionGamesResponse = typeof InstitutionGamesResponse.Type;

/** The institution a games call names in its path. */
export const InstitutionGamesPathParams = Schema.Struct({ id: idFromUrl(InstitutionId) });

/**
 * PUT institutions/{id}/assign_games/: the complete set of games the institution offers (at most
 * the catalogue). When the change stops patients' live assignments, `confirm_stop_assignments`
 * must repeat how many patients the preview said (issue 31): one stray request cannot pause a plan.
 */
export const AssignInstitutionGamesBody = Schema.Struct({
  games: Schema.Array(GameId).check(Schema.isMaxLength(100)),
  confirm_stop_assignments: Schema.optionalKey(Count),
});
export type AssignInstitutionGamesBody = typeof AssignInstitutionGamesBody.Type;

/** GET institutions/{id}/assign_games/preview/?games=…: the set of games the institution would offer (none named: none). */
export const AssignGamesPreviewQuery = Schema.Struct({ games: Schema.optionalKey(repeatedFromQuery(idFromUrl(GameId)).check(Schema.isMaxLength(100))) });
export type AssignGamesPreviewQuery = typeof AssignGamesPreviewQuery.Type;

/** One offered game the change would take away, and how many patients have live assignments of it. */
export const WithdrawnGame = Schema.Struct({ id: GameId, name: Schema.String, patients: Count });
export type WithdrawnGame = typeof WithdrawnGame.Type;

/** What offering only the named games would stop: each game taken away, and the patients whose exercises stop (each once). */
export const AssignGamesPreview = Schema.Struct({ games: Schema.Array(WithdrawnGame), patients: Count });
export type AssignGamesPreview = typeof AssignGamesPreview.Type;
