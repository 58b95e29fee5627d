import type { Difficulty } from "../../domain/shared/games/difficulty.ts";

/**
 * One exercise item as a content file lists it and as a session's challenge stores it: the
 * `content` object of docs/attempt-mapping.md for that game type.
 */
export type ContentItem = { readonly [key: string]: unknown };

/** The items a game offers at one difficulty (empty when it does not offer that level). */
export type ItemsByDifficulty = (difficulty: Difficulty) => readonly ContentItem[];

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
