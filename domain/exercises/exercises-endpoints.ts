import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { AssignmentBody, AssignmentResponse } from "./assignment-wire.ts";
import { GamesResponse, PatientGameLevelsResponse } from "./games-wire.ts";
import { AssignGamesPreview, AssignGamesPreviewQuery, AssignInstitutionGamesBody, InstitutionGamesPathParams, InstitutionGamesResponse } from "./institution-games-wire.ts";

// The exercises feature's calls besides the templates (templates-endpoints.ts), declared once for
// the server's routes and the adapters' calls (docs/exercises-api.md).

/** GET games/: the exercise catalogue, each game with the levels it offers. */
export const gamesEndpoint = endpoint({ method: "GET", path: "/api/games/", answer: GamesResponse });

/** GET patients/{id}/game-levels/: the games a patient is assigned, each at one difficulty, with the level id. */
export const patientGameLevelsEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/game-levels/",
  params: PatientPathParams,
  answer: PatientGameLevelsResponse,
});

/** GET institutions/{id}/games/: the games an institution offers, each level's content URL and the content file's limits. */
export const institutionGamesEndpoint = endpoint({
  method: "GET",
  path: "/api/institutions/:id/games/",
  params: InstitutionGamesPathParams,
  answer: InstitutionGamesResponse,
});

/** PUT institutions/{id}/assign_games/: set the games an institution offers. */
export const assignInstitutionGamesEndpoint = endpoint({
  method: "PUT",
  path: "/api/institutions/:id/assign_games/",
  params: InstitutionGamesPathParams,
  body: AssignInstitutionGamesBody,
  answer: InstitutionGamesResponse,
});

/** GET institutions/{id}/assign_games/preview/: what setting these games would stop, before anyone confirms it. */
export const assignInstitutionGamesPreviewEndpoint = endpoint({
  method: "GET",
  path: "/api/institutions/:id/assign_games/preview/",
  params: InstitutionGamesPathParams,
  query: AssignGamesPreviewQuery,
  answer: AssignGamesPreview,
});

/** POST assignments/: assign games with their forms, or a template's, to one or many patients, all or nothing. */
export const assignmentEndpoint = endpoint({ method: "POST", path: "/api/assignments/", body: AssignmentBody, answer: AssignmentResponse });
