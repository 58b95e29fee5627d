import { ExerciseTemplate, ExerciseTemplatesResponse, InstitutionGamesResponse } from "../../domain/exercises/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { TemplatesApi } from "./templates-port.ts";

/** Institution-games and exercise-template calls on the given client (Bearer). */
export const createTemplatesApi = (client: ApiClient): TemplatesApi => ({
  listInstitutionGames: (institutionId, signal) => client.get(`/api/institutions/${institutionId}/games/`, { schema: InstitutionGamesResponse, signal }),
  listTemplates: (institutionId, signal) =>
    client.get("/api/exercise-templates/", { schema: ExerciseTemplatesResponse, signal, ...(institutionId === null ? {} : { query: { institution: institutionId } }) }),
  getTemplate: (id, signal) => client.get(`/api/exercise-templates/${id}/`, { schema: ExerciseTemplate, signal }),
  createTemplate: (body) => client.post("/api/exercise-templates/", { schema: ExerciseTemplate, body }),
  updateTemplate: (id, body, version) => client.put(`/api/exercise-templates/${id}/`, { schema: ExerciseTemplate, body, ifMatch: version }),
  duplicateTemplate: (id, body) => client.post(`/api/exercise-templates/${id}/duplicate/`, { schema: ExerciseTemplate, body: body ?? {} }),
  clearTemplate: (id, version) => client.put(`/api/exercise-templates/${id}/clear/`, { schema: ExerciseTemplate, ifMatch: version }),
});

/** The template calls of the app's client, made once, from the lazy exercises page. */
export const templatesApiOf = perClient(createTemplatesApi);
