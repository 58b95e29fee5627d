import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";
import type { AssignmentBody, AssignmentResponse } from "../../domain/exercises/assignment-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { type AssignFacts, type AssignSubmission, assignSubmission, type FormErrors } from "./assign-submission.ts";

/** The patients chosen so far, by id, with the name to show for each. */
export type ChosenPatients = ReadonlyMap<PatientId, string>;

export type AssignFlowContext = {
  readonly chosen: ChosenPatients;
  /** What the last Assign found to fix in the doses, per field. */
  readonly errors: FormErrors;
  readonly patientError: string | null;
  /** A problem of the assignment as a whole (nothing to assign). */
  readonly formError: string | null;
  /** The body being sent, once checked. */
  readonly body: AssignmentBody | null;
  /** Why the last call failed (an ApiFailure), shown until the next Assign. */
  readonly failure: unknown;
};

export type AssignFlowEvent =
  | { readonly type: "patients.change"; readonly chosen: ChosenPatients }
  | { readonly type: "forms.invalid"; readonly errors: FormErrors }
  /** Assign pressed; `patient` is the one patient of an individual assignment (null: the chosen ones). */
  | { readonly type: "assign"; readonly facts: AssignFacts; readonly patient: PatientId | null };

const submissionOf = (context: AssignFlowContext, event: AssignFlowEvent): AssignSubmission | null =>
  event.type === "assign" ? assignSubmission(event.facts, event.patient === null ? [...context.chosen.keys()] : [event.patient]) : null;

/**
 * The /create/assign/ flow beside the game selection (game-selection.machine.ts holds the games,
 * their forms and the chosen template): the patients chosen, Assign checking the doses and the
 * request rules (assign-submission.ts) before anything is sent, then the call, invoked as the
 * `assign` actor the page provides (POST assignments/). `assigned` is the page's action once it
 * answered: invalidate, announce, leave.
 */
export const assignFlowMachine = setup({
  types: { context: {} as AssignFlowContext, events: {} as AssignFlowEvent },
  actors: {
    assign: fromPromise<AssignmentResponse, AssignmentBody>(() => Promise.reject(new Error("the page provides the assign actor"))),
  },
  actions: {
    // Provided by the page: what follows a saved assignment.
    assigned: (_args: unknown, _answer: AssignmentResponse) => undefined,
  },
  guards: {
    isSendable: ({ context, event }) => submissionOf(context, event)?.ok === true,
  },
}).createMachine({
  id: "assignFlow",
  context: { chosen: new Map(), errors: {}, patientError: null, formError: null, body: null, failure: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "patients.change": { actions: assign(({ event }) => ({ chosen: event.chosen, patientError: null })) },
        "forms.invalid": { actions: assign(({ event }) => ({ errors: event.errors })) },
        assign: [
          {
            guard: "isSendable",
            target: "submitting",
            actions: assign(({ context, event }) => {
              const submission = submissionOf(context, event);
              return { errors: {}, patientError: null, formError: null, failure: null, body: submission?.ok === true ? submission.body : null };
            }),
          },
          {
            actions: assign(({ context, event }) => {
              const submission = submissionOf(context, event);
              return submission === null || submission.ok
                ? {}
                : { errors: submission.errors, patientError: submission.patientError, formError: submission.formError, failure: null };
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        src: "assign",
        input: ({ context }) => context.body ?? { patients: [] },
        onDone: { target: "assigned", actions: { type: "assigned", params: ({ event }) => event.output } },
        onError: { target: "editing", actions: assign(({ event }) => ({ failure: event.error })) },
      },
    },
    assigned: { type: "final" },
  },
});

export type AssignFlowSnapshot = SnapshotFrom<typeof assignFlowMachine>;
