import { fromPromise } from "xstate";
import type { GoalDraft } from "../../../domain/goals/goal-draft.ts";
import type { GoalCreateBody, GoalWire } from "../../../domain/goals/goals-wire.ts";
import { createGoalFormMachine } from "../../../machines/goals/goal-form.machine.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The goal form's machine gets its effect here and nowhere else (docs/ui.md, "Where machines are
// provided"); the form takes the provided logic and renders its actor.

export type SubmitGoalInput = SubmitFormInput<GoalDraft, GoalCreateBody>;

/** The goal form, submitting through `submit` (POST patients/{id}/goals/ or PATCH goals/{id}/). */
export const goalFormLogicFor = (submit: (input: SubmitGoalInput) => Promise<GoalWire>) =>
  createGoalFormMachine().provide({ actors: { submitForm: fromPromise<GoalWire, SubmitGoalInput>(({ input }) => submit(input)) } });
