import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { createPrng, hashSeed } from "../../prng.ts";
import type { ItemsByDifficulty } from "../content-item.ts";

/** Colour codes of the wire: 0 blue, 1 green, 2 red, 3 yellow; null is an empty cell. */
export type Cell = 0 | 1 | 2 | 3 | null;

const GRID: Readonly<Record<Difficulty, { readonly size: number; readonly filled: number; readonly colours: number }>> = {
  easy: { size: 3, filled: 3, colours: 2 },
  medium: { size: 4, filled: 5, colours: 3 },
  hard: { size: 5, filled: 8, colours: 4 },
};
const PATTERNS_PER_LEVEL = 10;
const COLOUR_CODES: readonly Cell[] = [0, 1, 2, 3];

/** A grid of `size` rows with `filled` coloured cells, the same for the same seed label. */
export const memoryPattern = (difficulty: Difficulty, index: number): Cell[][] => {
  const { size, filled, colours } = GRID[difficulty];
  const prng = createPrng(hashSeed(`memory-grid:${difficulty}:${index}`));
  const grid: Cell[][] = Array.from({ length: size }, () => Array.from({ length: size }, (): Cell => null));
  let placed = 0;
  while (placed < filled) {
    const row = grid[prng.int(0, size - 1)];
    const column = prng.int(0, size - 1);
    if (row === undefined || row[column] !== null) continue;
    row[column] = COLOUR_CODES[prng.int(0, colours - 1)] ?? 0;
    placed += 1;
  }
  return grid;
};

export const memoryGridItems: ItemsByDifficulty = (difficulty) =>
  Array.from({ length: PATTERNS_PER_LEVEL }, (_, index) => ({ pattern: memoryPattern(difficulty, index) }));
