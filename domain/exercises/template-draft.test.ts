import { describe, expect, it } from "vitest";
import { ExerciseTemplateId, GameId, InstitutionId } from "../shared/ids.ts";
import type { InstitutionGame } from "./institution-games-wire.ts";
import type { ExerciseTemplate } from "./templates-wire.ts";
import { templateAbilities, templateGamesFrom, templateSummary } from "./template-draft.ts";

const limits = { max_challenges: 10, max_amount_trials: 3, max_repetitions_per_day: 4, min_repetitions_per_day: 1, unlimited: true };
const naming: InstitutionGame = {
  id: GameId.make(3),
  type: "naming",
  name: "Picture naming",
  levels: [
    { difficulty: "easy", content_url: "/api/content/naming/easy.json", configuration: limits },
    { difficulty: "hard", content_url: "/api/content/naming/hard.json", configuration: { ...limits, max_challenges: 20 } },
  ],
};
const form = { difficulty: "easy", amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: true } as const;
const template: ExerciseTemplate = {
  id: ExerciseTemplateId.make(1),
  name: "Starter",
  institution: InstitutionId.make(5),
  games: [{ game: { id: GameId.make(3), type: "naming", name: "Picture naming" }, forms: [form] }],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  version: 1,
};

describe("templateGamesFrom", () => {
  it("keeps a level's existing form and starts a new level at the file's full dose, easiest first", () => {
    const games = templateGamesFrom([naming], new Map([[3, ["hard", "easy"]]]), template);
    expect(games).toEqual([
      {
        game: 3,
        forms: [form, { difficulty: "hard", amount_challenges: 20, amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 4, unlimited: false }],
      },
    ]);
  });
  it("leaves out games without a ticked level and levels the game does not offer", () => {
    expect(templateGamesFrom([naming], new Map([[3, ["medium"]]]), null)).toEqual([]);
    expect(templateGamesFrom([naming], new Map(), null)).toEqual([]);
  });
  it("keeps the games the editor does not list as they were", () => {
    expect(templateGamesFrom([], new Map(), template)).toEqual([{ game: 3, forms: [form] }]);
  });
});

describe("templateSummary", () => {
  it("names each game with its levels, or says there are none", () => {
    expect(templateSummary(template)).toBe("Picture naming: Easy level");
    expect(templateSummary({ games: [] })).toBe("No games yet");
  });
});

describe("templateAbilities", () => {
  const permissions = { game: ["create", "update", "duplicate", "clearContentExercise"] } as const;
  it("lets an institution admin copy a platform template but not change or clear it", () => {
    expect(templateAbilities({ permissions, role: "institution_admin" }, { institution: null })).toEqual({ create: true, edit: false, duplicate: true, clear: false });
    expect(templateAbilities({ permissions, role: "institution_admin" }, { institution: InstitutionId.make(5) })).toEqual({ create: true, edit: true, duplicate: true, clear: true });
  });
  it("lets the super admin change platform templates, and nobody act without the permission", () => {
    expect(templateAbilities({ permissions, role: "super_admin" }, { institution: null }).edit).toBe(true);
    expect(templateAbilities({ permissions: {}, role: "super_admin" }, { institution: null })).toEqual({ create: false, edit: false, duplicate: false, clear: false });
  });
});
