import { institutionGamesEndpoint } from "../../domain/exercises/exercises-endpoints.ts";
import {
  clearTemplateEndpoint,
  createTemplateEndpoint,
  duplicateTemplateEndpoint,
  templateEndpoint,
  templatesEndpoint,
  updateTemplateEndpoint,
} from "../../domain/exercises/templates-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { TemplatesApi } from "./templates-port.ts";

/** Institution-games and exercise-template calls on the given client (Bearer). */
export const createTemplatesApi = (client: ApiClient): TemplatesApi => ({
  listInstitutionGames: (institutionId, signal) => client.call(institutionGamesEndpoint, { params: { id: institutionId }, signal }),
  listTemplates: (institutionId, signal) => client.call(templatesEndpoint, { query: institutionId === null ? {} : { institution: institutionId }, signal }),
  getTemplate: (id, signal) => client.call(templateEndpoint, { params: { id }, signal }),
  createTemplate: (body) => client.call(createTemplateEndpoint, { body }),
  updateTemplate: (id, body, version) => client.call(updateTemplateEndpoint, { params: { id }, body, ifMatch: version }),
  duplicateTemplate: (id, body) => client.call(duplicateTemplateEndpoint, { params: { id }, body: body ?? {} }),
  // No body: the version goes in If-Match.
  clearTemplate: (id, version) => client.call(clearTemplateEndpoint, { params: { id }, body: undefined, ifMatch: version }),
});

/** The template calls of the app's client, made once, from the lazy exercises page. */
export const templatesApiOf = perClient(createTemplatesApi);
