import { institutionGamesEndpoint } from "../../domain/exercises/exercises-endpoints.ts";
import {
  clearTemplateEndpoint,
  createTemplateEndpoint,
  duplicateTemplateEndpoint,
  templateEndpoint,
  templatesEndpoint,
  updateTemplateEndpoint,
} from "../../domain/exercises/templates-endpoints.ts";
import type {
  ExerciseTemplate,
  InstitutionGame,
  TemplateCreateBody,
  TemplateDuplicateBody,
  TemplateUpdateBody,
} from "../../domain/exercises/index.ts";
import type { ExerciseTemplateId, InstitutionId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the templates page depends on, declared beside its one (HTTP) implementation (docs/exercises-api.md).

/** The institution-games and exercise-template calls; each rejects with an ApiFailure. */
export type TemplatesApi = {
  /** The games an institution offers, each level with its content URL and limits (GET institutions/{id}/games/). */
  readonly listInstitutionGames: (institutionId: InstitutionId, signal?: AbortSignal) => Promise<readonly InstitutionGame[]>;
  /** The templates the caller may use; a super admin may name an institution (GET exercise-templates/). */
  readonly listTemplates: (institutionId: InstitutionId | null, signal?: AbortSignal) => Promise<readonly ExerciseTemplate[]>;
  /** One template as stored now, with its version (GET exercise-templates/{id}/). */
  readonly getTemplate: (id: ExerciseTemplateId, signal?: AbortSignal) => Promise<ExerciseTemplate>;
  /** POST exercise-templates/. */
  readonly createTemplate: (body: TemplateCreateBody) => Promise<ExerciseTemplate>;
  /** PUT exercise-templates/{id}/: the new name and the complete set of games and forms, against the version edited (If-Match; 412 if changed since). */
  readonly updateTemplate: (id: ExerciseTemplateId, body: TemplateUpdateBody, version: number) => Promise<ExerciseTemplate>;
  /** POST exercise-templates/{id}/duplicate/: the copy. */
  readonly duplicateTemplate: (id: ExerciseTemplateId, body?: TemplateDuplicateBody) => Promise<ExerciseTemplate>;
  /** PUT exercise-templates/{id}/clear/: the template with its forms gone, its name kept. */
  readonly clearTemplate: (id: ExerciseTemplateId, version: number) => Promise<ExerciseTemplate>;
};

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
