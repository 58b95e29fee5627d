import * as Schema from "effect/Schema";

/** The three difficulty levels an exercise can be played at, easiest first. */
export const DIFFICULTY = { easy: "easy", medium: "medium", hard: "hard" } as const;
export type Difficulty = (typeof DIFFICULTY)[keyof typeof DIFFICULTY];
export const DIFFICULTY_ORDER: readonly Difficulty[] = [DIFFICULTY.easy, DIFFICULTY.medium, DIFFICULTY.hard];

export const DifficultySchema = Schema.Literals([DIFFICULTY.easy, DIFFICULTY.medium, DIFFICULTY.hard]);

/** A game that may restrict the levels it offers. */
export type LevelOffer = { readonly levelsAvailable?: ReadonlyArray<Difficulty> | null };

/** A game offers the levels it lists, easiest first; a game that lists none offers all three. */
export const offeredLevels = (game: LevelOffer): readonly Difficulty[] => {
  const listed = game.levelsAvailable ?? [];
  return listed.length === 0 ? DIFFICULTY_ORDER : DIFFICULTY_ORDER.filter((level) => listed.includes(level));
};

/** Anything the server or a file calls a difficulty is one of the three levels or nothing. */
export const isDifficulty = (value: unknown): value is Difficulty =>
  DIFFICULTY_ORDER.some((level) => level === value);
