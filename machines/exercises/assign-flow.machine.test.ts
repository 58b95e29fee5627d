import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AssignmentBody, AssignmentResponse } from "../../domain/exercises/assignment-wire.ts";
import type { FileConfiguration } from "../../domain/exercises/form-limits.ts";
import type { GameSelection } from "../../domain/exercises/game-selection.ts";
import { ExerciseTemplateId, GameId, PatientId } from "../../domain/shared/ids.ts";
import { assignFlowMachine } from "./assign-flow.machine.ts";
import type { AssignFacts } from "./assign-submission.ts";

const limits: FileConfiguration = { max_challenges: 10, max_amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 5, unlimited: false };
const game = GameId.make(3);
const form = { formId: 1, difficulty: "easy" as const, amountChallenges: 4, amountTrials: 2, minRepetitionsPerDay: 1, maxRepetitionsPerDay: 3, unlimited: false };
const selection: GameSelection = { games: [{ gameId: game, forms: [form] }], individualPatientId: null };
const facts: AssignFacts = { selection, limitsOf: () => limits, template: null };
const ann = PatientId.make(7);
const answer: AssignmentResponse = { patients: 1, levels_created: 1, levels_updated: 0, patient_ids: [ann] };

const start = (assign: (body: AssignmentBody) => Promise<AssignmentResponse>, assigned: AssignmentResponse[] = []) =>
  createActor(
    assignFlowMachine.provide({
      actors: { assign: fromPromise<AssignmentResponse, AssignmentBody>(({ input }) => assign(input)) },
      actions: { assigned: (_args, done) => void assigned.push(done) },
    }),
  ).start();

describe("the assign flow", () => {
  it("asks for a patient before sending anything", () => {
    const sent: AssignmentBody[] = [];
    const actor = start(async (body) => (sent.push(body), answer));
    actor.send({ type: "assign", facts, patient: null });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context.patientError).toBe("Choose at least one patient");
    expect(sent).toEqual([]);
  });

  it("says which doses to fix, and sends nothing", () => {
    const actor = start(async () => answer);
    actor.send({ type: "patients.change", chosen: new Map([[ann, "Ann"]]) });
    actor.send({ type: "assign", facts: { ...facts, selection: { ...selection, games: [{ gameId: game, forms: [{ ...form, amountTrials: 9 }] }] } }, patient: null });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(Object.values(actor.getSnapshot().context.errors)).toEqual(["The number of trials must be between 1 and 3"]);
  });

  it("refuses a template with nothing in it", () => {
    const actor = start(async () => answer);
    actor.send({ type: "assign", facts: { ...facts, template: { id: ExerciseTemplateId.make(4), games: [] } }, patient: ann });
    expect(actor.getSnapshot().context.formError).toMatch(/nothing to assign/);
  });

  it("sends the chosen patients with the forms, then runs the page's action with the answer", async () => {
    const sent: AssignmentBody[] = [];
    const assigned: AssignmentResponse[] = [];
    const actor = start(async (body) => (sent.push(body), answer), assigned);
    actor.send({ type: "patients.change", chosen: new Map([[ann, "Ann"]]) });
    actor.send({ type: "assign", facts, patient: null });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(sent).toEqual([{ patients: [ann], games: [{ game, forms: [{ difficulty: "easy", amount_challenges: 4, amount_trials: 2, min_repetitions_per_day: 1, max_repetitions_per_day: 3, unlimited: false }] }] }]);
    expect(assigned).toEqual([answer]);
  });

  it("sends a template as it is for the record's patient, and comes back with the failure when the call fails", async () => {
    const sent: AssignmentBody[] = [];
    const actor = start(async (body) => {
      sent.push(body);
      throw new Error("refused");
    });
    actor.send({ type: "assign", facts: { ...facts, template: { id: ExerciseTemplateId.make(4), games: [{ forms: [form] }] } }, patient: ann });
    await waitFor(actor, (snapshot) => snapshot.matches("editing") && snapshot.context.failure !== null);
    expect(sent).toEqual([{ patients: [ann], template: 4 }]);
  });
});
