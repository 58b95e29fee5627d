import { type TemplateDraft, templateDraftOnCurrent } from "../../domain/exercises/template-conflict.ts";
import type { ExerciseTemplate } from "../../domain/exercises/templates-wire.ts";
import { createRecordEditMachine, type LoadRecordInput, type SaveRecordInput } from "../shared/record-edit.machine.ts";

/** What `saveRecord` is given: PUT exercise-templates/{record.id}/ with the draft's name and games, If-Match `record.version`. */
export type SaveTemplateInput = SaveRecordInput<ExerciseTemplate, TemplateDraft>;
/** What `loadRecord` is given: GET exercise-templates/{record.id}/. */
export type LoadTemplateInput = LoadRecordInput<ExerciseTemplate>;

/**
 * Editing an exercise template (docs/exercises.md, "Concurrent edits"): a stale save reads the
 * template as stored, keeps the name and levels as the person left them, and lets them choose.
 */
export const templateEditMachine = createRecordEditMachine<ExerciseTemplate, TemplateDraft>({ id: "templateEdit", rebase: templateDraftOnCurrent });
