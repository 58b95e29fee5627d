import { describe, expect, it } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { createActor } from "xstate";
import type { SelectableGame } from "../../domain/exercises/game-selection.ts";
import { DIFFICULTY_ORDER, offeredLevels } from "../../domain/shared/games/difficulty.ts";
import { ExerciseTemplateId, GameId, PatientId } from "../../domain/shared/ids.ts";
import { type GameSelectionEvent, gameSelectionMachine } from "./game-selection.machine.ts";
import { allSelected, assignableCount, canAddFormTo, chosenTemplate, choicesFor, formsOf, individualPatientId, isSelected, selectedCount } from "./game-selection.selectors.ts";
import { fuzzRuns } from "../../domain/shared/testing/fuzz-budget.test-helper.ts";

const naming: SelectableGame = { id: GameId.make(1) };
const parrot: SelectableGame = { id: GameId.make(2), levelsAvailable: ["medium", "hard"] };
const patient = PatientId.make(7);

const start = (games: ReadonlyArray<SelectableGame> = [naming, parrot]) => {
  const actor = createActor(gameSelectionMachine).start();
  actor.send({ type: "games.loaded", games });
  return actor;
};

const levelsOf = (actor: ReturnType<typeof start>, game: SelectableGame) =>
  formsOf(actor.getSnapshot(), game.id).map((form) => form.difficulty);

describe("picking games", () => {
  it("toggling a game on starts one form at its easiest offered level, toggling it off drops its forms", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: parrot.id });
    expect(isSelected(actor.getSnapshot(), parrot.id)).toBe(true);
    expect(levelsOf(actor, parrot)).toEqual(["medium"]);
    actor.send({ type: "form.add", gameId: parrot.id });
    expect(levelsOf(actor, parrot)).toEqual(["medium", "hard"]);

    actor.send({ type: "game.toggle", gameId: parrot.id });
    expect(isSelected(actor.getSnapshot(), parrot.id)).toBe(false);
    expect(formsOf(actor.getSnapshot(), parrot.id)).toEqual([]);
    actor.send({ type: "game.toggle", gameId: parrot.id });
    expect(levelsOf(actor, parrot)).toEqual(["medium"]);
  });

  it("refuses a game the catalogue does not offer, and everything before the catalogue loads", () => {
    const actor = createActor(gameSelectionMachine).start();
    expect(actor.getSnapshot().can({ type: "game.toggle", gameId: naming.id })).toBe(false);
    expect(actor.getSnapshot().can({ type: "games.selectAll" })).toBe(false);
    actor.send({ type: "games.loaded", games: [naming] });
    expect(actor.getSnapshot().can({ type: "game.toggle", gameId: parrot.id })).toBe(false);
    actor.send({ type: "game.toggle", gameId: parrot.id });
    expect(selectedCount(actor.getSnapshot())).toBe(0);
  });

  it("select all picks the rest and keeps the forms already set up; then it has nothing left to do", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "form.add", gameId: naming.id });
    actor.send({ type: "form.change", gameId: naming.id, formId: 2, field: "amountTrials", value: "4" });
    actor.send({ type: "games.selectAll" });
    expect(selectedCount(actor.getSnapshot())).toBe(2);
    expect(allSelected(actor.getSnapshot())).toBe(true);
    expect(formsOf(actor.getSnapshot(), naming.id).map((form) => [form.difficulty, form.amountTrials])).toEqual([
      ["easy", null],
      ["medium", 4],
    ]);
    expect(levelsOf(actor, parrot)).toEqual(["medium"]);
    expect(actor.getSnapshot().can({ type: "games.selectAll" })).toBe(false);
  });

  it("deselect all drops every game but stays in individual mode; clear forgets the patient too", () => {
    const actor = start();
    actor.send({ type: "patient.assignIndividually", patientId: patient });
    actor.send({ type: "games.selectAll" });
    actor.send({ type: "games.deselectAll" });
    expect(selectedCount(actor.getSnapshot())).toBe(0);
    expect(individualPatientId(actor.getSnapshot())).toBe(patient);
    expect(actor.getSnapshot().can({ type: "games.deselectAll" })).toBe(false);

    actor.send({ type: "selection.clear" });
    expect(individualPatientId(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: "selection.clear" })).toBe(false);
  });

  it("a reloaded catalogue drops games and levels it no longer offers", () => {
    const actor = start();
    actor.send({ type: "games.selectAll" });
    actor.send({ type: "form.add", gameId: naming.id });
    actor.send({ type: "form.add", gameId: naming.id });
    actor.send({ type: "games.loaded", games: [{ id: naming.id, levelsAvailable: ["medium"] }] });
    expect(isSelected(actor.getSnapshot(), parrot.id)).toBe(false);
    expect(levelsOf(actor, naming)).toEqual(["medium"]);
  });
});

describe("individual patient assignment", () => {
  it("starts a clean selection for the patient, keeps it when the same patient is sent again, and back to many keeps the games", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "patient.assignIndividually", patientId: patient });
    expect(individualPatientId(actor.getSnapshot())).toBe(patient);
    expect(selectedCount(actor.getSnapshot())).toBe(0);

    actor.send({ type: "game.toggle", gameId: parrot.id });
    expect(actor.getSnapshot().can({ type: "patient.assignIndividually", patientId: patient })).toBe(false);
    actor.send({ type: "patient.assignIndividually", patientId: patient });
    expect(selectedCount(actor.getSnapshot())).toBe(1);

    actor.send({ type: "patient.assignToMany" });
    expect(individualPatientId(actor.getSnapshot())).toBeNull();
    expect(isSelected(actor.getSnapshot(), parrot.id)).toBe(true);
    expect(actor.getSnapshot().can({ type: "patient.assignToMany" })).toBe(false);
  });

  it("another patient starts over", () => {
    const actor = start();
    actor.send({ type: "patient.assignIndividually", patientId: patient });
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "patient.assignIndividually", patientId: PatientId.make(8) });
    expect(individualPatientId(actor.getSnapshot())).toBe(PatientId.make(8));
    expect(selectedCount(actor.getSnapshot())).toBe(0);
  });
});

describe("forms", () => {
  it("a new form takes the first free level and is refused once every offered level is used", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "difficulty", value: "medium" });
    actor.send({ type: "form.add", gameId: naming.id });
    expect(levelsOf(actor, naming)).toEqual(["medium", "easy"]);
    actor.send({ type: "form.add", gameId: naming.id });
    expect(levelsOf(actor, naming)).toEqual(["medium", "easy", "hard"]);
    expect(canAddFormTo(actor.getSnapshot(), naming.id)).toBe(false);
    expect(actor.getSnapshot().can({ type: "form.add", gameId: naming.id })).toBe(false);
    actor.send({ type: "form.add", gameId: naming.id });
    expect(formsOf(actor.getSnapshot(), naming.id)).toHaveLength(3);
  });

  it("a game that is not picked takes no form", () => {
    const actor = start();
    expect(canAddFormTo(actor.getSnapshot(), naming.id)).toBe(false);
    expect(actor.getSnapshot().can({ type: "form.add", gameId: naming.id })).toBe(false);
  });

  it("a form is removed while another stays; the last form goes only by deselecting the game", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    expect(actor.getSnapshot().can({ type: "form.remove", gameId: naming.id, formId: 1 })).toBe(false);
    actor.send({ type: "form.add", gameId: naming.id });
    actor.send({ type: "form.remove", gameId: naming.id, formId: 1 });
    expect(formsOf(actor.getSnapshot(), naming.id).map((form) => form.formId)).toEqual([2]);
    expect(actor.getSnapshot().can({ type: "form.remove", gameId: naming.id, formId: 2 })).toBe(false);
  });

  it("a form's difficulty moves only among its choices, never to a level another form uses", () => {
    const actor = start();
    actor.send({ type: "games.selectAll" });
    actor.send({ type: "form.add", gameId: naming.id });
    expect(choicesFor(actor.getSnapshot(), naming.id, 1)).toEqual(["easy", "hard"]);
    const taken = { type: "form.change", gameId: naming.id, formId: 1, field: "difficulty", value: "medium" } as const;
    expect(actor.getSnapshot().can(taken)).toBe(false);
    actor.send(taken);
    actor.send({ type: "form.change", gameId: parrot.id, formId: 1, field: "difficulty", value: "easy" });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "difficulty", value: "extreme" });
    expect(levelsOf(actor, naming)).toEqual(["easy", "medium"]);
    expect(levelsOf(actor, parrot)).toEqual(["medium"]);

    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "difficulty", value: "hard" });
    expect(levelsOf(actor, naming)).toEqual(["hard", "medium"]);
    expect(choicesFor(actor.getSnapshot(), naming.id, 2)).toEqual(["easy", "medium"]);
    expect(choicesFor(actor.getSnapshot(), naming.id, 9)).toEqual([]);
  });

  it.each([
    ["12", 12],
    ["", null],
    ["abc", null],
    ["-1", null],
    ["2e1", null],
  ])("a dose typed as %j is kept as %j", (text, value) => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "amountChallenges", value: "5" });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "amountChallenges", value: text });
    expect(formsOf(actor.getSnapshot(), naming.id)[0]?.amountChallenges).toBe(value);
  });

  it("sets unlimited play and every dose field, but only on a form that exists", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "unlimited", value: true });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "amountTrials", value: "3" });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "minRepetitionsPerDay", value: "1" });
    actor.send({ type: "form.change", gameId: naming.id, formId: 1, field: "maxRepetitionsPerDay", value: "2" });
    expect(formsOf(actor.getSnapshot(), naming.id)[0]).toMatchObject({
      difficulty: "easy",
      unlimited: true,
      amountTrials: 3,
      minRepetitionsPerDay: 1,
      maxRepetitionsPerDay: 2,
    });
    expect(actor.getSnapshot().can({ type: "form.change", gameId: naming.id, formId: 2, field: "unlimited", value: true })).toBe(false);
    expect(actor.getSnapshot().can({ type: "form.change", gameId: parrot.id, formId: 1, field: "amountTrials", value: "1" })).toBe(false);
  });
});

describe("assigning (/create/assign/)", () => {
  it("is refused with nothing picked", () => {
    const actor = start();
    expect(actor.getSnapshot().can({ type: "assign.start" })).toBe(false);
    actor.send({ type: "assign.start" });
    expect(actor.getSnapshot().value).toBe("selecting");
  });

  it("starts with a game picked, keeps the selection on the way back", () => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "assign.start" });
    expect(actor.getSnapshot().value).toBe("assigning");
    actor.send({ type: "form.add", gameId: naming.id });
    actor.send({ type: "assign.back" });
    expect(actor.getSnapshot().value).toBe("selecting");
    expect(levelsOf(actor, naming)).toEqual(["easy", "medium"]);
  });

  it.each<[string, GameSelectionEvent]>([
    ["the last game is deselected", { type: "game.toggle", gameId: naming.id }],
    ["all games are deselected", { type: "games.deselectAll" }],
    ["the selection is cleared", { type: "selection.clear" }],
    ["another patient is chosen", { type: "patient.assignIndividually", patientId: patient }],
    ["the catalogue no longer offers the game", { type: "games.loaded", games: [parrot] }],
  ])("returns to selecting when %s", (_, event) => {
    const actor = start();
    actor.send({ type: "game.toggle", gameId: naming.id });
    actor.send({ type: "assign.start" });
    actor.send(event);
    expect(actor.getSnapshot().value).toBe("selecting");
    expect(selectedCount(actor.getSnapshot())).toBe(0);
  });
});

const games: ReadonlyArray<SelectableGame> = [naming, parrot, { id: GameId.make(3), levelsAvailable: ["hard"] }];
const gameIds = [...games.map((game) => game.id), GameId.make(99)];
const formRef = fc.record({ gameId: fc.constantFrom(...gameIds), formId: fc.integer({ min: 1, max: 5 }) });
const doseText = fc.oneof(fc.constantFrom("", "abc", "-1", "0", "12", "1e2"), fc.string({ maxLength: 4 }));
const eventArbitrary: fc.Arbitrary<GameSelectionEvent> = fc.oneof(
  fc.constant({ type: "games.loaded", games } as const),
  fc.subarray([...games]).map((offered) => ({ type: "games.loaded", games: offered }) as const),
  fc.constantFrom(...gameIds).map((gameId) => ({ type: "game.toggle", gameId }) as const),
  fc.constantFrom({ type: "games.selectAll" } as const, { type: "games.deselectAll" } as const, { type: "selection.clear" } as const),
  fc.constantFrom(7, 8).map((id) => ({ type: "patient.assignIndividually", patientId: PatientId.make(id) }) as const),
  fc.constant({ type: "patient.assignToMany" } as const),
  fc.constantFrom(...gameIds).map((gameId) => ({ type: "form.add", gameId }) as const),
  formRef.map((ref) => ({ type: "form.remove", ...ref }) as const),
  fc
    .tuple(formRef, fc.constantFrom<string>(...DIFFICULTY_ORDER, "extreme"))
    .map(([ref, value]) => ({ type: "form.change", ...ref, field: "difficulty", value }) as const),
  fc
    .tuple(formRef, fc.constantFrom("amountChallenges", "amountTrials", "minRepetitionsPerDay", "maxRepetitionsPerDay"), doseText)
    .map(([ref, field, value]) => ({ type: "form.change", ...ref, field, value }) as const),
  fc.tuple(formRef, fc.boolean()).map(([ref, value]) => ({ type: "form.change", ...ref, field: "unlimited", value }) as const),
  fc.constantFrom({ type: "assign.start" } as const, { type: "assign.back" } as const),
);

describe("whatever the clinician does", () => {
  test.prop([fc.array(eventArbitrary, { maxLength: 40 })], { numRuns: fuzzRuns(300) })(
    "a picked game's forms use distinct levels it offers, every picked game is offered and has a form, and assigning always has a game",
    (events) => {
      const actor = createActor(gameSelectionMachine).start();
      for (const event of events) {
        actor.send(event);
        const snapshot = actor.getSnapshot();
        const { selection, games: offered } = snapshot.context;
        for (const entry of selection.games) {
          const game = offered.find((candidate) => candidate.id === entry.gameId);
          expect(game).toBeDefined();
          const levels = entry.forms.map((form) => form.difficulty);
          expect(levels.length).toBeGreaterThanOrEqual(1);
          expect(new Set(levels).size).toBe(levels.length);
          expect(levels.every((level) => game !== undefined && offeredLevels(game).includes(level))).toBe(true);
          expect(entry.forms.every((form) => Object.values(form).every((value) => !Number.isNaN(value)))).toBe(true);
        }
        expect(selectedCount(snapshot)).toBe(offered.filter((game) => formsOf(snapshot, game.id).length >= 1).length);
        if (snapshot.matches("assigning")) expect(selectedCount(snapshot)).toBeGreaterThan(0);
      }
      actor.stop();
    },
  );

  describe("a chosen template", () => {
    const template = { id: ExerciseTemplateId.make(4), name: "Warm-up", gameCount: 2 };

    it("is a selection /create/assign/ accepts without any game picked, counted by its games", () => {
      const actor = start();
      actor.send({ type: "template.choose", template });
      expect(chosenTemplate(actor.getSnapshot())).toEqual(template);
      expect(assignableCount(actor.getSnapshot())).toBe(2);
      actor.send({ type: "assign.start" });
      expect(actor.getSnapshot().matches("assigning")).toBe(true);
    });

    it("leaves /create/assign/ when dropped with no game picked, or when the selection is cleared", () => {
      const actor = start();
      actor.send({ type: "template.choose", template });
      actor.send({ type: "assign.start" });
      actor.send({ type: "template.drop" });
      expect(actor.getSnapshot().matches("selecting")).toBe(true);
      actor.send({ type: "template.choose", template });
      actor.send({ type: "game.toggle", gameId: naming.id });
      actor.send({ type: "assign.start" });
      actor.send({ type: "template.drop" });
      expect(actor.getSnapshot().matches("assigning")).toBe(true);
      actor.send({ type: "template.choose", template });
      actor.send({ type: "selection.clear" });
      expect(chosenTemplate(actor.getSnapshot())).toBeNull();
      expect(actor.getSnapshot().matches("selecting")).toBe(true);
    });

    it("is forgotten when a patient's record starts an individual assignment", () => {
      const actor = start();
      actor.send({ type: "template.choose", template });
      actor.send({ type: "patient.assignIndividually", patientId: patient });
      expect(chosenTemplate(actor.getSnapshot())).toBeNull();
      expect(individualPatientId(actor.getSnapshot())).toBe(patient);
    });
  });
});
