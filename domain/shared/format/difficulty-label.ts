import type { Difficulty } from "../games/difficulty.ts";

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, string>> = {
  easy: "Easy level",
  medium: "Medium level",
  hard: "Hard level",
};

/** A level is named for people as 'Easy level', 'Medium level' or 'Hard level'. */
export const difficultyLabel = (difficulty: Difficulty): string => DIFFICULTY_LABELS[difficulty];
