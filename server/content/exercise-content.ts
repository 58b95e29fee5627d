import { type Difficulty, DIFFICULTY_ORDER } from "../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../domain/shared/games/game-type.ts";
import { contentFilePath } from "../../domain/exercises/index.ts";
import type { ContentItem, ItemsByDifficulty } from "./content-item.ts";
import { chitchatItems } from "./games/chitchat-ai.ts";
import { medicationItems } from "./games/medication-items.ts";
import { memoryGridItems } from "./games/memory-grid.ts";
import { namingItems } from "./games/naming.ts";
import { parrotItems } from "./games/parrot.ts";
import { pillSortingItems } from "./games/pill-sorting.ts";
import { socialSituationItems } from "./games/social-situations.ts";
import { verbalFluencyItems } from "./games/verbal-fluency.ts";

/** The limits an assignment form may not exceed for one game at one difficulty (spec section 3). */
export type ContentConfiguration = {
  readonly max_challenges: number;
  readonly max_amount_trials: number;
  readonly max_repetitions_per_day: number;
  readonly min_repetitions_per_day: number;
  readonly unlimited: boolean;
};

/** The JSON file served at /api/content/{game_type}/{difficulty}.json. */
export type ExerciseContentFile = {
  readonly game_type: GameType;
  readonly difficulty: Difficulty;
  readonly configuration: ContentConfiguration;
  readonly items: readonly ContentItem[];
};

const ITEMS: Readonly<Record<GameType, ItemsByDifficulty>> = {
  medication_management: medicationItems,
  memory_grid: memoryGridItems,
  naming: namingItems,
  social_situations: socialSituationItems,
  verbal_fluency: verbalFluencyItems,
  pill_sorting: pillSortingItems,
  chitchat_ai: chitchatItems,
  parrot: parrotItems,
};

/** Pill sorting and chit-chat exist at one level only; the session detail always reads them as easy. */
export const levelsAvailable = (game: GameType): readonly Difficulty[] =>
  DIFFICULTY_ORDER.filter((difficulty) => ITEMS[game](difficulty).length > 0);

/** More challenges and fewer retries as the level rises; a conversation is one long challenge. */
const configurationFor = (game: GameType, difficulty: Difficulty, itemCount: number): ContentConfiguration => {
  if (game === "chitchat_ai") {
    return { max_challenges: 1, max_amount_trials: 1, max_repetitions_per_day: 2, min_repetitions_per_day: 1, unlimited: false };
  }
  const byLevel = {
    easy: { challenges: 5, trials: 3, maxPerDay: 3 },
    medium: { challenges: 8, trials: 3, maxPerDay: 3 },
    hard: { challenges: 10, trials: 2, maxPerDay: 2 },
  }[difficulty];
  return {
    max_challenges: Math.min(byLevel.challenges, itemCount),
    max_amount_trials: byLevel.trials,
    max_repetitions_per_day: byLevel.maxPerDay,
    min_repetitions_per_day: 1,
    // Free practice beyond the daily repetitions is offered below the hardest level, where fatigue skews results.
    unlimited: difficulty !== "hard",
  };
};

/** The content file of a game at a difficulty, or undefined when the game does not offer that level. */
export const exerciseContent = (game: GameType, difficulty: Difficulty): ExerciseContentFile | undefined => {
  const items = ITEMS[game](difficulty);
  if (items.length === 0) return undefined;
  return { game_type: game, difficulty, configuration: configurationFor(game, difficulty, items.length), items };
};

export const contentUrl = (game: GameType, difficulty: Difficulty): string => contentFilePath(game, difficulty);

/** Every (game, difficulty) pair that has a content file. */
export const ALL_CONTENT: ReadonlyArray<{ readonly game: GameType; readonly difficulty: Difficulty }> = GAME_TYPES.flatMap((game) =>
  levelsAvailable(game).map((difficulty) => ({ game, difficulty })),
);
