import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import { DIFFICULTY_ORDER, type Difficulty } from "../shared/games/difficulty.ts";
import type { PermissionHolder } from "../shared/permissions/permission-check.ts";
import { ROLE } from "../shared/roles.ts";
import type { InstitutionGame } from "./institution-games-wire.ts";
import type { AssignmentFormWire, ExerciseTemplate, GameFormsWire } from "./templates-wire.ts";

/** What a person may do with the templates list and with one template. */
export type TemplateAbilities = { readonly create: boolean; readonly edit: boolean; readonly duplicate: boolean; readonly clear: boolean };

/**
 * Templates follow the `game` permissions (create, update, duplicate, clear_content); a platform
 * template (no institution) is changed or cleared only by the super admin, though anyone may copy it.
 */
export const templateAbilities = (
  viewer: PermissionHolder,
  template: Pick<ExerciseTemplate, "institution"> | null,
): TemplateAbilities => {
  const granted = viewer.permissions.game ?? [];
  const ownsIt = template === null || template.institution !== null || viewer.role === ROLE.superAdmin;
  return {
    create: granted.includes("create"),
    edit: granted.includes("update") && ownsIt,
    duplicate: granted.includes("duplicate"),
    clear: granted.includes("clearContentExercise") && ownsIt,
  };
};

/** A template's content in a line: each game with its levels, or that it has none yet. */
export const templateSummary = (template: Pick<ExerciseTemplate, "games">): string =>
  template.games.length === 0
    ? "No games yet"
    : template.games.map(({ game, forms }) => `${game.name}: ${forms.map((form) => difficultyLabel(form.difficulty)).join(", ")}`).join("; ");

/** The levels a template prescribes for each of its games, by game id. */
export const templateLevels = (template: Pick<ExerciseTemplate, "games">): ReadonlyMap<number, readonly Difficulty[]> =>
  new Map(template.games.map(({ game, forms }) => [game.id, forms.map((form) => form.difficulty)]));

/**
 * The games and forms a template saves from the levels ticked per game: a level it already had keeps
 * its form; a new level starts at the content file's full dose (its maxima, unlimited off), which the
 * file always allows. Offered games without a ticked level are left out; games not offered keep their forms; levels easiest first.
 */
export const templateGamesFrom = (
  offered: readonly InstitutionGame[],
  ticked: ReadonlyMap<number, readonly Difficulty[]>,
  existing: Pick<ExerciseTemplate, "games"> | null,
): GameFormsWire[] => [
  ...offered.flatMap((game) => {
    const levels = ticked.get(game.id) ?? [];
    const before = existing?.games.find((entry) => entry.game.id === game.id)?.forms ?? [];
    const forms: AssignmentFormWire[] = DIFFICULTY_ORDER.filter((difficulty) => levels.includes(difficulty)).flatMap((difficulty) => {
      const kept = before.find((form) => form.difficulty === difficulty);
      if (kept !== undefined) return [kept];
      const level = game.levels.find((candidate) => candidate.difficulty === difficulty);
      if (level === undefined) return [];
      const limits = level.configuration;
      return [
        {
          difficulty,
          amount_challenges: limits.max_challenges,
          amount_trials: limits.max_amount_trials,
          min_repetitions_per_day: limits.min_repetitions_per_day,
          max_repetitions_per_day: limits.max_repetitions_per_day,
          unlimited: false,
        },
      ];
    });
    return forms.length === 0 ? [] : [{ game: game.id, forms }];
  }),
  // A game the editor does not list (no longer offered, or no list to choose from) is kept as it was, not dropped unseen.
  ...(existing?.games ?? []).filter(({ game }) => !offered.some((candidate) => candidate.id === game.id)).map(({ game, forms }) => ({ game: game.id, forms })),
];
