import type { AssignGamesPreview, GameSummary } from "../../domain/exercises/index.ts";
import type { Institution, InstitutionBody, InstitutionListQuery, InstitutionListResponse } from "../../domain/institutions/index.ts";
import type { GameId, InstitutionId } from "../../domain/shared/ids.ts";

// The port the institutions pages and the administrators' institution picker depend on;
// institutions-api.ts is its HTTP implementation.

/** What an institution's form sends: its name, allowed domains and description (the version goes as If-Match). */
export type InstitutionFields = Omit<InstitutionBody, "version">;

/**
 * The institutions calls of spec section 7; each rejects with an ApiFailure. An edit names the
 * version of the record the person saw (If-Match): changed since, it is refused with a 412 on
 * `version` (isStaleVersionFailure) and nothing is written.
 */
export type InstitutionsApi = {
  /** One page of GET institutions/, by name. */
  readonly listInstitutions: (query: InstitutionListQuery, signal?: AbortSignal) => Promise<InstitutionListResponse>;
  readonly getInstitution: (id: InstitutionId, signal?: AbortSignal) => Promise<Institution>;
  readonly createInstitution: (fields: InstitutionFields) => Promise<Institution>;
  readonly updateInstitution: (id: InstitutionId, fields: InstitutionFields, version: number) => Promise<Institution>;
  /**
   * The whole set of games the institution offers from now on; resolves with the ids now offered.
   * When it stops patients' exercises the server wants their count confirmed (from the preview), else 409 ERROR_050.
   */
  readonly assignGames: (id: InstitutionId, games: readonly GameId[], confirmStopAssignments?: number) => Promise<readonly GameId[]>;
  /** What offering only these games would stop: the games taken away and the patients whose exercises pause (issue 31). */
  readonly previewAssignGames: (id: InstitutionId, games: readonly GameId[], signal?: AbortSignal) => Promise<AssignGamesPreview>;
  /** The game catalogue the offered games are chosen from (GET games/). */
  readonly listGameCatalogue: (signal?: AbortSignal) => Promise<readonly GameSummary[]>;
};
