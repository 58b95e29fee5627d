import type { Difficulty } from "../shared/games/difficulty.ts";
import type { GameType } from "../shared/games/game-type.ts";
import { contentFilePath } from "./content-endpoints.ts";
import { normaliseRoleCode, ROLE } from "../shared/roles.ts";

/** The two pages /exercises can be (spec section 2). */
export const EXERCISES_PAGE_KIND = { templates: "templates", exercises: "exercises" } as const;
export type ExercisesPageKind = (typeof EXERCISES_PAGE_KIND)[keyof typeof EXERCISES_PAGE_KIND];

/** Institution admins and super admins manage exercise templates on /exercises; every other role sees the plain exercises page. */
export const exercisesPageFor = (roleCode: string): ExercisesPageKind => {
  const role = normaliseRoleCode(roleCode);
  return role === ROLE.institutionAdmin || role === ROLE.superAdmin ? EXERCISES_PAGE_KIND.templates : EXERCISES_PAGE_KIND.exercises;
};

/** Where the content file of a game at one level is served (relative to the API's origin), when the catalogue names no URL. */
export const catalogueContentUrl = (gameType: GameType, difficulty: Difficulty): string => contentFilePath(gameType, difficulty);
