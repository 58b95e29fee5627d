import { assign, fromPromise, setup } from "xstate";
import type { AssignmentDraftOutcome } from "../../domain/exercises/assignment-draft.ts";
import { validateConfigurationName } from "../../domain/exercises/configuration-name.ts";
import type { TemplateCreateBody } from "../../domain/exercises/templates-wire.ts";

export type SaveAsTemplateContext = {
  readonly name: string;
  /** The name rule refusing (ERROR_003 / ERROR_004 words), under the field. */
  readonly nameError: string | null;
  readonly body: TemplateCreateBody | null;
  /** Why the last save failed (an ApiFailure). */
  readonly failure: unknown;
};

export type SaveAsTemplateEvent =
  | { readonly type: "name.change"; readonly name: string }
  /** Save pressed, with the assign page's forms as they are now. */
  | { readonly type: "save"; readonly draft: AssignmentDraftOutcome };

const bodyOf = (name: string, draft: AssignmentDraftOutcome): TemplateCreateBody | null => {
  const checked = validateConfigurationName(name);
  return checked.ok && draft.ok ? { name: checked.value, games: draft.games.map((game) => ({ game: game.game, forms: [...game.forms] })) } : null;
};

/**
 * "Save as template" on /create/assign/ (a child of the assign flow): the name rules before any
 * call, the forms as assignmentDraft reads them, then POST exercise-templates/ as the `create`
 * actor the page provides. The page's `formsInvalid` action shows the doses to fix, `saved` says
 * the template was kept; the name stays for another save.
 */
export const saveAsTemplateMachine = setup({
  types: { context: {} as SaveAsTemplateContext, events: {} as SaveAsTemplateEvent },
  actors: {
    create: fromPromise<{ readonly name: string }, TemplateCreateBody>(() => Promise.reject(new Error("the page provides the create actor"))),
  },
  actions: {
    formsInvalid: (_args: unknown, _draft: AssignmentDraftOutcome) => undefined,
    saved: (_args: unknown, _name: string) => undefined,
  },
  guards: {
    isSavable: ({ context, event }) => event.type === "save" && bodyOf(context.name, event.draft) !== null,
  },
}).createMachine({
  id: "saveAsTemplate",
  context: { name: "", nameError: null, body: null, failure: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "name.change": { actions: assign(({ event }) => ({ name: event.name })) },
        save: [
          {
            guard: "isSavable",
            target: "saving",
            actions: [
              assign(({ context, event }) => ({ nameError: null, failure: null, body: bodyOf(context.name, event.draft) })),
              { type: "formsInvalid", params: ({ event }) => event.draft },
            ],
          },
          {
            actions: [
              assign(({ context }) => {
                const checked = validateConfigurationName(context.name);
                return { nameError: checked.ok ? null : checked.message, failure: null };
              }),
              { type: "formsInvalid", params: ({ event }) => event.draft },
            ],
          },
        ],
      },
    },
    saving: {
      invoke: {
        src: "create",
        input: ({ context }) => context.body ?? { name: "", games: [] },
        onDone: { target: "editing", actions: { type: "saved", params: ({ event }) => event.output.name } },
        onError: { target: "editing", actions: assign(({ event }) => ({ failure: event.error })) },
      },
    },
  },
});
