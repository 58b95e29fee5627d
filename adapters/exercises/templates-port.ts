import type {
  ExerciseTemplate,
  InstitutionGame,
  TemplateCreateBody,
  TemplateDuplicateBody,
  TemplateUpdateBody,
} from "../../domain/exercises/index.ts";
import type { ExerciseTemplateId, InstitutionId } from "../../domain/shared/ids.ts";

// The port the templates page depends on; templates-api.ts is its HTTP implementation (docs/exercises-api.md).

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
