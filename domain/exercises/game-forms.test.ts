import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { DIFFICULTY_ORDER, offeredLevels } from "../shared/games/difficulty.ts";
import { canAddForm, difficultyChoices, type ExerciseForm, freeLevels, newForm, typedDose } from "./game-forms.ts";

const form = (formId: number, difficulty: ExerciseForm["difficulty"]): ExerciseForm => ({
  formId,
  difficulty,
  amountChallenges: null,
  amountTrials: null,
  minRepetitionsPerDay: null,
  maxRepetitionsPerDay: null,
  unlimited: false,
});

const levelsArbitrary = fc.array(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 4 });

/** Adds forms the way the assignment screen does, until the game allows no more. */
const fillForms = (levels: ReadonlyArray<ExerciseForm["difficulty"]>): ExerciseForm[] => {
  const game = { levelsAvailable: levels };
  const forms: ExerciseForm[] = [];
  for (let next = newForm(game, forms); next !== undefined; next = newForm(game, forms)) forms.push(next);
  return forms;
};

describe("difficulty choices", () => {
  test("a form may not take a level another form of the game uses", () => {
    const forms = [form(1, "easy"), form(2, "hard")];
    expect(difficultyChoices({}, forms, 1)).toEqual(["easy", "medium"]);
    expect(difficultyChoices({}, forms, 2)).toEqual(["medium", "hard"]);
  });

  test("only the levels the game offers are choices", () => {
    expect(difficultyChoices({ levelsAvailable: ["medium"] }, [form(1, "medium")], 1)).toEqual(["medium"]);
  });

  test.prop([levelsArbitrary, fc.array(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 3 })])(
    "a form's choices never include another form's level",
    (levels, used) => {
      const forms = used.map((level, index) => form(index + 1, level));
      for (const current of forms) {
        const others = forms.filter((other) => other.formId !== current.formId).map((other) => other.difficulty);
        expect(difficultyChoices({ levelsAvailable: levels }, forms, current.formId).some((level) => others.includes(level))).toBe(false);
      }
    },
  );
});

describe("adding forms", () => {
  test("a new form takes the first free level", () => {
    expect(newForm({}, [form(1, "easy")])?.difficulty).toBe("medium");
    expect(newForm({}, [form(1, "medium")])?.difficulty).toBe("easy");
  });

  test("no form can be added once every offered level is used", () => {
    const forms = [form(1, "easy"), form(2, "hard")];
    expect(canAddForm({ levelsAvailable: ["easy", "hard"] }, forms)).toBe(false);
    expect(newForm({ levelsAvailable: ["easy", "hard"] }, forms)).toBeUndefined();
    expect(canAddForm({}, forms)).toBe(true);
  });

  test("a new form's numbers are left empty for the clinician", () => {
    expect(newForm({}, [])).toEqual(form(1, "easy"));
  });

  test.prop([levelsArbitrary])("adding forms until impossible yields exactly one form per offered level", (levels) => {
    const forms = fillForms(levels);
    expect(forms.map((entry) => entry.difficulty)).toEqual(offeredLevels({ levelsAvailable: levels }));
    expect(new Set(forms.map((entry) => entry.formId)).size).toBe(forms.length);
  });

  test.prop([levelsArbitrary, fc.array(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 3 })])(
    "a new form's level is always free",
    (levels, used) => {
      const game = { levelsAvailable: levels };
      const forms = used.map((level, index) => form(index + 1, level));
      const added = newForm(game, forms);
      if (added === undefined) expect(freeLevels(game, forms)).toEqual([]);
      else {
        expect(forms.some((existing) => existing.difficulty === added.difficulty)).toBe(false);
        expect(offeredLevels(game)).toContain(added.difficulty);
      }
    },
  );
});

describe("typed doses", () => {
  test.each([
    ["12", 12],
    [" 3 ", 3],
    ["", null],
    ["abc", null],
    ["-1", null],
    ["1e3", null],
  ])("the text %j is kept as %j", (text, value) => {
    expect(typedDose("amountTrials", text)).toEqual({ amountTrials: value });
  });
});
