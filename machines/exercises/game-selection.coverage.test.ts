import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import type { SelectableGame } from "../../domain/exercises/game-selection.ts";
import { ExerciseTemplateId, GameId, PatientId } from "../../domain/shared/ids.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import { gameSelectionMachine, type GameSelectionContext, type GameSelectionEvent } from "./game-selection.machine.ts";

const machine: AnyStateMachine = gameSelectionMachine;

const naming: SelectableGame = { id: GameId.make(1) };
const parrot: SelectableGame = { id: GameId.make(2), levelsAvailable: ["medium", "hard"] };

/**
 * One sample of every event, with the payload variants that pick each guarded branch. Only form 1
 * is ever removed, so form ids stay bounded and the explored graph stays finite.
 */
const SAMPLE_EVENTS: readonly GameSelectionEvent[] = [
  { type: "games.loaded", games: [naming, parrot] },
  { type: "game.toggle", gameId: naming.id },
  { type: "game.toggle", gameId: parrot.id },
  { type: "games.selectAll" },
  { type: "games.deselectAll" },
  { type: "selection.clear" },
  { type: "template.choose", template: { id: ExerciseTemplateId.make(4), name: "Warm-up", gameCount: 1 } },
  { type: "template.drop" },
  { type: "patient.assignIndividually", patientId: PatientId.make(7) },
  { type: "patient.assignToMany" },
  { type: "form.add", gameId: naming.id },
  { type: "form.remove", gameId: naming.id, formId: 1 },
  { type: "form.change", gameId: naming.id, formId: 1, field: "difficulty", value: "hard" },
  { type: "form.change", gameId: naming.id, formId: 1, field: "amountTrials", value: "3" },
  { type: "form.change", gameId: naming.id, formId: 1, field: "unlimited", value: true },
  { type: "assign.start" },
  { type: "assign.back" },
];

// What decides later transitions: the state, the offered games, the patient and each picked
// game's forms by id and level (doses decide nothing, so they are left out).
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context: GameSelectionContext = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    offered: context.games.map((game) => game.id),
    patient: context.selection.individualPatientId,
    template: context.template?.id ?? null,
    games: context.selection.games.map((entry) => [entry.gameId, entry.forms.map((form) => `${form.formId}:${form.difficulty}`)]),
  });
};

const exploration = { events: SAMPLE_EVENTS, serializeState };

describe("the game-selection machine, explored with @xstate/graph", () => {
  const coverage = exploreCoverage(machine, exploration);

  it("reaches every state node", () => {
    expect(coverage.stateIds).toEqual(["gameSelection.assigning", "gameSelection.selecting"]);
    expect(coverage.unreachedStateIds).toEqual([]);
  });

  it("takes every transition, guarded branches and the way back from an emptied assignment included", () => {
    expect(coverage.transitionKeys.length).toBeGreaterThanOrEqual(14);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });

  it("would notice a guarded branch no sample event takes", () => {
    const withoutDoses = SAMPLE_EVENTS.filter((event) => !(event.type === "form.change" && event.field !== "difficulty"));
    expect(exploreCoverage(machine, { ...exploration, events: withoutDoses }).untakenTransitionKeys).toEqual([
      "gameSelection --form.change [isDoseOfAForm]--> (stays)",
    ]);
  });
});
