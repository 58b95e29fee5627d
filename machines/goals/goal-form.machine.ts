import { checkGoalDraft, type GoalDraft } from "../../domain/goals/goal-draft.ts";
import type { GoalField } from "../../domain/goals/goal-form.ts";
import type { GoalCreateBody, GoalWire } from "../../domain/goals/goals-wire.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The goal form (issue 37, docs/goals.md): a new goal or an edit of one, on the shared create-form
// machine with the domain's rule (the server's own), so every missing or wrong field is marked
// before anything is sent, and a refusal naming a field lands under it.

const FIELDS: readonly GoalField[] = ["kind", "parent_goal", "statement", "game_types", "min_level", "min_accuracy", "sessions", "window", "of_sessions", "start_date", "due_date", "baseline"];
const FIELD_OF: Readonly<Record<string, GoalField>> = Object.fromEntries(FIELDS.map((field) => [field, field]));

/** The number of N pairs with M: a change of either settles the other's message. */
const settles = (changed: string, field: GoalField): boolean =>
  changed === field || (["sessions", "of_sessions", "window"].includes(changed) && ["sessions", "of_sessions"].includes(field)) || (changed === "start_date" && field === "due_date");

export const createGoalFormMachine = () =>
  createCreateFormMachine<GoalDraft, GoalCreateBody, GoalField, GoalWire>({
    id: "goalForm",
    check: (draft) => checkGoalDraft(draft),
    fieldOfFailure: fieldOfRefusal(FIELD_OF),
    settles,
  });

export type GoalFormMachine = ReturnType<typeof createGoalFormMachine>;
