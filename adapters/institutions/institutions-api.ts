import { assignInstitutionGamesEndpoint, assignInstitutionGamesPreviewEndpoint, gamesEndpoint } from "../../domain/exercises/index.ts";
import {
  createInstitutionEndpoint,
  getInstitutionEndpoint,
  listInstitutionsEndpoint,
  updateInstitutionEndpoint,
} from "../../domain/institutions/institutions-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { InstitutionsApi } from "./institutions-port.ts";

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
