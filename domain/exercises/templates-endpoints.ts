import * as Schema from "effect/Schema";
import { endpoint } from "../shared/wire/endpoint.ts";
import { VersionOnlyBody } from "../shared/wire/record-version.ts";
import {
  ExerciseTemplate,
  ExerciseTemplatesResponse,
  TemplateCreateBody,
  TemplateDuplicateBody,
  TemplateListQuery,
  TemplatePathParams,
  TemplateUpdateBody,
} from "./templates-wire.ts";

// The exercise-template calls, declared once for the server's routes and the adapter's calls (docs/exercises-api.md).

/** GET exercise-templates/: the templates an owner may use (a super administrator may name the institution). */
export const templatesEndpoint = endpoint({ method: "GET", path: "/api/exercise-templates/", query: TemplateListQuery, answer: ExerciseTemplatesResponse });

/** POST exercise-templates/: create a template, a name and games with their forms. */
export const createTemplateEndpoint = endpoint({ method: "POST", path: "/api/exercise-templates/", body: TemplateCreateBody, answer: ExerciseTemplate });

/** GET exercise-templates/{id}/: one template with its games, forms and version. */
export const templateEndpoint = endpoint({ method: "GET", path: "/api/exercise-templates/:id/", params: TemplatePathParams, answer: ExerciseTemplate });

/** PUT exercise-templates/{id}/: rename a template and replace all its games and forms, against the version edited. */
export const updateTemplateEndpoint = endpoint({
  method: "PUT",
  path: "/api/exercise-templates/:id/",
  params: TemplatePathParams,
  body: TemplateUpdateBody,
  answer: ExerciseTemplate,
});

/** PUT exercise-templates/{id}/clear/: empty a template of its games and forms; no body, or the version it started from. */
export const clearTemplateEndpoint = endpoint({
  method: "PUT",
  path: "/api/exercise-templates/:id/clear/",
  params: TemplatePathParams,
  body: VersionOnlyBody,
  answer: ExerciseTemplate,
});

/** The duplicate call's body: none means the default name "<name> (copy)". */
export const TemplateDuplicateRequestBody = Schema.UndefinedOr(Schema.NullOr(TemplateDuplicateBody));

/** POST exercise-templates/{id}/duplicate/: copy a template under a new name. */
export const duplicateTemplateEndpoint = endpoint({
  method: "POST",
  path: "/api/exercise-templates/:id/duplicate/",
  params: TemplatePathParams,
  body: TemplateDuplicateRequestBody,
  answer: ExerciseTemplate,
});
