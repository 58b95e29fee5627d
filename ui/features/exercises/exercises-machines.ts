import { fromPromise } from "xstate";
import type { AssignmentDraftOutcome, FormFieldKey } from "../../../domain/exercises/assignment-draft.ts";
import type { AssignmentBody, AssignmentResponse } from "../../../domain/exercises/assignment-wire.ts";
import type { ExerciseTemplate, TemplateCreateBody } from "../../../domain/exercises/templates-wire.ts";
import { assignFlowMachine } from "../../../machines/exercises/assign-flow.machine.ts";
import { saveAsTemplateMachine } from "../../../machines/exercises/save-as-template.machine.ts";
import { type LoadTemplateInput, type SaveTemplateInput, templateEditMachine } from "../../../machines/exercises/template-edit.machine.ts";

// The exercises feature's machines get their effects here and nowhere else (docs/ui.md, "Where
// machines are provided"); components pass in the calls and reactions they own (a mutation, a
// toast, a navigation) and render the actor.

/** What editing a template saves and reads with. */
export type TemplateEditDependencies = {
  readonly save: (input: SaveTemplateInput) => Promise<ExerciseTemplate>;
  readonly load: (input: LoadTemplateInput) => Promise<ExerciseTemplate>;
};

/** The template-edit machine on the templates port (docs/exercises.md, "Concurrent edits"). */
export const templateEditLogicFor = ({ save, load }: TemplateEditDependencies) =>
  templateEditMachine.provide({
    actors: {
      saveRecord: fromPromise<ExerciseTemplate, SaveTemplateInput>(({ input }) => save(input)),
      loadRecord: fromPromise<ExerciseTemplate, LoadTemplateInput>(({ input }) => load(input)),
    },
  });

/** What "Save as template" creates with and tells the page. */
export type SaveAsTemplateDependencies = {
  readonly create: (body: TemplateCreateBody) => Promise<{ readonly name: string }>;
  /** The forms' errors when they cannot make a template (shown on the assign page's fields). */
  readonly onInvalid: (errors: Readonly<Partial<Record<FormFieldKey, string>>>) => void;
  readonly onSaved: (name: string) => void;
};

/** The save-as-template machine on the templates port. */
export const saveAsTemplateLogicFor = ({ create, onInvalid, onSaved }: SaveAsTemplateDependencies) =>
  saveAsTemplateMachine.provide({
    actors: { create: fromPromise<{ readonly name: string }, TemplateCreateBody>(({ input }) => create(input)) },
    actions: {
      formsInvalid: (_args, forms: AssignmentDraftOutcome) => onInvalid(forms.ok ? {} : forms.errors),
      saved: (_args, name: string) => onSaved(name),
    },
  });

/** What the assign flow sends with and does once the exercises are assigned. */
export type AssignFlowDependencies = {
  readonly assign: (body: AssignmentBody) => Promise<AssignmentResponse>;
  readonly onAssigned: (answer: AssignmentResponse) => void;
};

/** The assign-flow machine on the assignment port. */
export const assignFlowLogicFor = ({ assign, onAssigned }: AssignFlowDependencies) =>
  assignFlowMachine.provide({
    actors: { assign: fromPromise<AssignmentResponse, AssignmentBody>(({ input }) => assign(input)) },
    actions: { assigned: (_args, answer: AssignmentResponse) => onAssigned(answer) },
  });
