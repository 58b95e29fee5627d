import {
  assignInstitutionGamesEndpoint,
  assignInstitutionGamesPreviewEndpoint,
  gamesEndpoint,
  type AssignGamesPreview,
  type GameSummary,
} from "../../domain/exercises/index.ts";
import {
  createInstitutionEndpoint,
  getInstitutionEndpoint,
  listInstitutionsEndpoint,
  updateInstitutionEndpoint,
} from "../../domain/institutions/institutions-endpoints.ts";
import type { Institution, InstitutionBody, InstitutionListQuery, InstitutionListResponse } from "../../domain/institutions/index.ts";
import type { GameId, InstitutionId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the institutions pages and the administrators' institution picker depend on, declared
// beside its one (HTTP) implementation.

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

/** Institutions calls on the given client (Bearer), each a declared endpoint (domain/institutions/institutions-endpoints.ts). */
export const createInstitutionsApi = (client: ApiClient): InstitutionsApi => ({
  listInstitutions: (query, signal) => client.call(listInstitutionsEndpoint, { query, signal }),
  getInstitution: (id, signal) => client.call(getInstitutionEndpoint, { params: { id }, signal }),
  createInstitution: (fields) => client.call(createInstitutionEndpoint, { body: fields }),
  updateInstitution: (id, fields, version) => client.call(updateInstitutionEndpoint, { params: { id }, body: fields, ifMatch: version }),
  assignGames: async (id, games, confirmStopAssignments) => {
    const body = confirmStopAssignments === undefined ? { games: [...games] } : { games: [...games], confirm_stop_assignments: confirmStopAssignments };
    const offered = await client.call(assignInstitutionGamesEndpoint, { params: { id }, body });
    return offered.map((game) => game.id);
  },
  previewAssignGames: (id, games, signal) => client.call(assignInstitutionGamesPreviewEndpoint, { params: { id }, query: games.length === 0 ? {} : { games: [...games] }, signal }),
  listGameCatalogue: (signal) => client.call(gamesEndpoint, { signal }),
});

/** The institutions calls of the app's client, made once, from the lazy signed-in pages. */
export const institutionsApiOf = perClient(createInstitutionsApi);
