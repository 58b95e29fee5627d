import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GameId, PatientId } from "../shared/ids.ts";
import { DIFFICULTY_ORDER, offeredLevels } from "../shared/games/difficulty.ts";
import {
  addForm,
  assignToManyPatients,
  canRemoveForm,
  changeFormDifficulty,
  clearSelection,
  deselectAllGames,
  EMPTY_SELECTION,
  formsOf,
  hasSelectedGames,
  hasUnselectedGames,
  isGameSelected,
  isSelectionEmpty,
  keepOfferedGames,
  removeForm,
  selectAllGames,
  type SelectableGame,
  selectableGameOf,
  startIndividualAssignment,
  toggleGame,
  updateFormSettings,
} from "./game-selection.ts";

const naming: SelectableGame = { id: GameId.make(1) };
const parrot: SelectableGame = { id: GameId.make(2), levelsAvailable: ["medium", "hard"] };

describe("game selection", () => {
  test("picking a game starts one form at its easiest offered level", () => {
    const selection = toggleGame(EMPTY_SELECTION, parrot);
    expect(isGameSelected(selection, parrot.id)).toBe(true);
    expect(formsOf(selection, parrot.id).map((form) => form.difficulty)).toEqual(["medium"]);
    expect(hasSelectedGames(selection)).toBe(true);
  });

  test("picking a game again drops it", () => {
    const selection = toggleGame(toggleGame(EMPTY_SELECTION, naming), naming);
    expect(isGameSelected(selection, naming.id)).toBe(false);
    expect(hasSelectedGames(selection)).toBe(false);
  });

  test("select all keeps forms already set up and adds the rest", () => {
    const before = addForm(toggleGame(EMPTY_SELECTION, naming), naming);
    const after = selectAllGames(before, [naming, parrot]);
    expect(formsOf(after, naming.id)).toHaveLength(2);
    expect(formsOf(after, parrot.id)).toHaveLength(1);
  });

  test("deselect all keeps the individual patient, clear forgets it", () => {
    const patient = PatientId.make(7);
    const selection = toggleGame(startIndividualAssignment(patient), naming);
    expect(deselectAllGames(selection)).toEqual({ games: [], individualPatientId: patient });
    expect(clearSelection()).toEqual(EMPTY_SELECTION);
  });

  test("forms can be added only while a level is free", () => {
    let selection = toggleGame(EMPTY_SELECTION, parrot);
    selection = addForm(selection, parrot);
    expect(formsOf(selection, parrot.id).map((form) => form.difficulty)).toEqual(["medium", "hard"]);
    expect(addForm(selection, parrot)).toBe(selection);
  });

  test("a game that is not picked gets no forms", () => {
    expect(addForm(EMPTY_SELECTION, naming)).toBe(EMPTY_SELECTION);
  });

  test("the last form of a game is not removed", () => {
    const selection = toggleGame(EMPTY_SELECTION, naming);
    expect(removeForm(selection, naming.id, 1)).toBe(selection);
    const two = addForm(selection, naming);
    expect(formsOf(removeForm(two, naming.id, 1), naming.id).map((form) => form.formId)).toEqual([2]);
  });

  test("a form cannot move to a level another form uses", () => {
    const selection = addForm(toggleGame(EMPTY_SELECTION, naming), naming);
    expect(changeFormDifficulty(selection, naming, 1, "medium")).toBe(selection);
    const moved = changeFormDifficulty(selection, naming, 1, "hard");
    expect(formsOf(moved, naming.id).map((form) => form.difficulty)).toEqual(["hard", "medium"]);
  });

  test("settings change doses but never the level or id", () => {
    const selection = updateFormSettings(toggleGame(EMPTY_SELECTION, naming), naming.id, 1, { amountTrials: 3, unlimited: true });
    expect(formsOf(selection, naming.id)[0]).toMatchObject({ formId: 1, difficulty: "easy", amountTrials: 3, unlimited: true });
  });

  test("a catalogue game offers the levels it lists, all three when it lists none", () => {
    const listed = selectableGameOf({ id: GameId.make(3), type: "naming", name: "Naming", levels_available: ["hard"] });
    expect(listed).toEqual({ id: GameId.make(3), levelsAvailable: ["hard"] });
    const unlisted = selectableGameOf({ id: GameId.make(4), type: "parrot", name: "Parrot", levels_available: [] });
    expect(formsOf(toggleGame(EMPTY_SELECTION, unlisted), unlisted.id).map((form) => form.difficulty)).toEqual(["easy"]);
  });

  test("select all has work while a listed game is not picked", () => {
    expect(hasUnselectedGames(EMPTY_SELECTION, [naming, parrot])).toBe(true);
    expect(hasUnselectedGames(toggleGame(EMPTY_SELECTION, naming), [naming, parrot])).toBe(true);
    expect(hasUnselectedGames(selectAllGames(EMPTY_SELECTION, [naming, parrot]), [naming, parrot])).toBe(false);
    expect(hasUnselectedGames(EMPTY_SELECTION, [])).toBe(false);
  });

  test("a selection is empty only without games and without a patient", () => {
    expect(isSelectionEmpty(EMPTY_SELECTION)).toBe(true);
    expect(isSelectionEmpty(startIndividualAssignment(PatientId.make(7)))).toBe(false);
    expect(isSelectionEmpty(toggleGame(EMPTY_SELECTION, naming))).toBe(false);
  });

  test("assigning to many patients again keeps the games and forgets the patient", () => {
    const selection = addForm(toggleGame(startIndividualAssignment(PatientId.make(7)), naming), naming);
    expect(assignToManyPatients(selection)).toEqual({ games: selection.games, individualPatientId: null });
  });

  test("a form that is not there, or the last one, cannot be removed", () => {
    const two = addForm(toggleGame(EMPTY_SELECTION, naming), naming);
    expect(canRemoveForm(two, naming.id, 2)).toBe(true);
    expect(canRemoveForm(two, naming.id, 3)).toBe(false);
    expect(removeForm(two, naming.id, 3)).toBe(two);
    expect(canRemoveForm(two, parrot.id, 1)).toBe(false);
  });

  test("a changed catalogue drops games and levels it no longer offers", () => {
    let selection = selectAllGames(startIndividualAssignment(PatientId.make(7)), [naming, parrot]);
    selection = addForm(addForm(selection, naming), naming);
    const narrowed = keepOfferedGames(selection, [{ id: naming.id, levelsAvailable: ["easy", "hard"] }]);
    expect(formsOf(narrowed, naming.id).map((form) => form.difficulty)).toEqual(["easy", "hard"]);
    expect(isGameSelected(narrowed, parrot.id)).toBe(false);
    expect(narrowed.individualPatientId).toBe(PatientId.make(7));
    const withoutLevel = keepOfferedGames(toggleGame(EMPTY_SELECTION, parrot), [{ id: parrot.id, levelsAvailable: ["hard"] }]);
    expect(hasSelectedGames(withoutLevel)).toBe(false);
    expect(keepOfferedGames(selection, [naming, parrot])).toEqual(selection);
  });

  const operation = fc.oneof(
    fc.record({ kind: fc.constant("add" as const) }),
    fc.record({ kind: fc.constant("remove" as const), formId: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant("change" as const), formId: fc.integer({ min: 1, max: 4 }), level: fc.constantFrom(...DIFFICULTY_ORDER) }),
  );

  test.prop([fc.array(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 3 }), fc.array(operation, { maxLength: 20 })])(
    "whatever the clinician does, a picked game's forms use distinct offered levels",
    (levels, operations) => {
      const game: SelectableGame = { id: GameId.make(9), levelsAvailable: levels };
      let selection = toggleGame(EMPTY_SELECTION, game);
      for (const step of operations) {
        if (step.kind === "add") selection = addForm(selection, game);
        else if (step.kind === "remove") selection = removeForm(selection, game.id, step.formId);
        else selection = changeFormDifficulty(selection, game, step.formId, step.level);
      }
      const used = formsOf(selection, game.id).map((form) => form.difficulty);
      expect(used.length).toBeGreaterThanOrEqual(1);
      expect(new Set(used).size).toBe(used.length);
      expect(used.every((level) => offeredLevels(game).includes(level))).toBe(true);
    },
  );
});
