import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { newGoalDraft } from "../../domain/goals/goal-draft.ts";
import type { GoalCreateBody, GoalWire } from "../../domain/goals/goals-wire.ts";
import { createGoalFormMachine } from "./goal-form.machine.ts";

const started = (submit: (value: GoalCreateBody) => Promise<GoalWire>) =>
  createActor(createGoalFormMachine().provide({ actors: { submitForm: fromPromise(({ input }) => submit(input.value)) } }), { input: { draft: newGoalDraft("2026-03-01") } }).start();

const failOnCall = () => Promise.reject(new Error("submitForm must not be called"));

describe("the goal form", () => {
  it("marks every missing part of the criterion and the due date, and sends nothing", () => {
    const actor = started(failOnCall);
    actor.send({ type: "form.change", field: "statement", value: "Names objects" });
    actor.send({ type: "form.submit", now: new Date("2026-03-01T10:00:00Z") });
    expect(actor.getSnapshot().matches("filling")).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      game_types: "The game is required",
      min_level: "The level is required",
      min_accuracy: "The accuracy is required",
      sessions: "The number of sessions is required",
      due_date: "The due date is required",
    });
  });

  it("sends the checked goal, and puts a refusal naming a field under it", async () => {
    const sent: GoalCreateBody[] = [];
    const actor = started((value) => {
      sent.push(value);
      return Promise.reject(Object.assign(new Error("refused"), { field: "due_date", message: "Start date cannot be greater than end date" }));
    });
    for (const [field, value] of [["statement", "Names objects"], ["game_types", ["naming"]], ["min_level", "medium"], ["min_accuracy", "80"], ["sessions", "3"], ["due_date", "2026-05-01"]] as const) {
      actor.send({ type: "form.change", field, value });
    }
    actor.send({ type: "form.submit", now: new Date("2026-03-01T10:00:00Z") });
    await waitFor(actor, (snapshot) => snapshot.matches("filling") && Object.keys(snapshot.context.errors).length > 0, { timeout: 5000 });
    expect(sent).toEqual([{ kind: "long_term", parent_goal: null, statement: "Names objects", game_types: ["naming"], min_level: "medium", min_accuracy: 80, sessions: 3, window: "consecutive", of_sessions: 3, start_date: "2026-03-01", due_date: "2026-05-01", baseline: null }]);
    expect(actor.getSnapshot().context.errors).toEqual({ due_date: "Start date cannot be greater than end date" });
    actor.send({ type: "form.change", field: "start_date", value: "2026-03-02" });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});
