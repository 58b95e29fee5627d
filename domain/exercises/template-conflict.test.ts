import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { DIFFICULTY_ORDER, type Difficulty } from "../shared/games/difficulty.ts";
import { ExerciseTemplateId, GameId, InstitutionId } from "../shared/ids.ts";
import { levelsSummary, templateConflict, templateDraftOf, templateDraftOnCurrent } from "./template-conflict.ts";
import type { ExerciseTemplate } from "./templates-wire.ts";

const form = (difficulty: Difficulty) => ({ difficulty, amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false });
const naming = { id: GameId.make(3), type: "naming", name: "Picture naming" } as const;
const parrot = { id: GameId.make(4), type: "parrot", name: "Parrot" } as const;
const template = (name: string, games: ExerciseTemplate["games"], version = 1): ExerciseTemplate => ({
  id: ExerciseTemplateId.make(1),
  name,
  institution: InstitutionId.make(2),
  games,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  version,
});
const started = template("Starter", [{ game: naming, forms: [form("easy")] }]);
const theirs = template("Starter", [{ game: naming, forms: [form("easy"), form("hard")] }], 2);

describe("a template someone else changed", () => {
  it("lists only the name when that is all the person changed, with their levels kept on reapply", () => {
    const draft = { ...templateDraftOf(started), name: "Starter drills" };
    expect(templateConflict(started, theirs, draft).map((change) => [change.field, change.theirs, change.mine])).toEqual([["name", "Starter", "Starter drills"]]);
    const rebased = templateDraftOnCurrent(started, theirs, draft);
    expect(rebased.name).toBe("Starter drills");
    expect([...rebased.levels]).toEqual([[3, ["easy", "hard"]]]);
  });

  it("lists the games when the person ticked levels, flagged as changed by them too", () => {
    const draft = { ...templateDraftOf(started), levels: new Map([[3, ["easy", "medium"] as Difficulty[]]]) };
    const [change] = templateConflict(started, theirs, draft);
    expect(change?.field).toBe("levels");
    expect(change?.changedByThem).toBe(true);
  });

  it("words levels as the templates list does, easiest first, a game with nothing ticked left out", () => {
    const names = new Map([[3, "Picture naming"], [4, "Parrot"]]);
    expect(levelsSummary(new Map([[3, ["hard", "easy"]], [4, []]]), names)).toBe("Picture naming: Easy level, Hard level");
    expect(levelsSummary(new Map([[4, []]]), names)).toBe("No games yet");
    expect(levelsSummary(templateDraftOf(template("x", [{ game: parrot, forms: [form("easy")] }])).levels, names)).toBe("Parrot: Easy level");
  });

  const levels = fc.uniqueArray(fc.constantFrom(...DIFFICULTY_ORDER), { maxLength: 3 });
  test.prop([levels, levels])("ticking order and empty games are no change of the games", (ticked, before) => {
    const opened = template("Starter", before.length === 0 ? [] : [{ game: naming, forms: before.map(form) }]);
    const draft = { name: "Starter", levels: new Map([[3, [...ticked].reverse()], [4, []]]) };
    const edited = templateConflict(opened, opened, draft).some((change) => change.field === "levels");
    expect(edited).toBe(DIFFICULTY_ORDER.some((difficulty) => ticked.includes(difficulty) !== before.includes(difficulty)));
  });
});
