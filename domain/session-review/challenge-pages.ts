import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";

/**
 * A session's attempts are shown ten challenges at a time: a typical session has three to six,
 * so most never page, while a long one (100 challenges, 500 attempts) stays quick to draw and to
 * move through by keyboard.
 */
export const CHALLENGES_PER_PAGE = 10;

/** One challenge of a session, numbered from 1 in play order, with its attempts. */
export type ChallengeGroup = { readonly number: number; readonly rows: ReadonlyArray<AttemptRow> };

/** Rows arrive in play order; the rows of one challenge share its groupIdentifier. */
export const challengeGroups = (rows: ReadonlyArray<AttemptRow>): ReadonlyArray<ChallengeGroup> => {
  const groups: { number: number; rows: AttemptRow[] }[] = [];
  const byId = new Map<number, { number: number; rows: AttemptRow[] }>();
  for (const row of rows) {
    const group = byId.get(row.groupIdentifier);
    if (group !== undefined) {
      group.rows.push(row);
    } else {
      const created = { number: groups.length + 1, rows: [row] };
      byId.set(row.groupIdentifier, created);
      groups.push(created);
    }
  }
  return groups;
};

export type ChallengePage = {
  readonly page: number;
  readonly totalPages: number;
  readonly challenges: ReadonlyArray<ChallengeGroup>;
  readonly totalChallenges: number;
};

/** One page of a session's challenges; a page out of range shows the nearest one. */
export const challengePage = (groups: ReadonlyArray<ChallengeGroup>, page: number, perPage: number = CHALLENGES_PER_PAGE): ChallengePage => {
  const totalPages = Math.max(1, Math.ceil(groups.length / perPage));
  const shown = Math.min(Math.max(1, Math.trunc(page)), totalPages);
  return {
    page: shown,
    totalPages,
    challenges: groups.slice((shown - 1) * perPage, shown * perPage),
    totalChallenges: groups.length,
  };
};

/** "Challenges 11 to 20 of 100", said beside the pager. */
export const challengeRangeText = (page: ChallengePage): string => {
  const first = page.challenges[0]?.number;
  const last = page.challenges.at(-1)?.number;
  if (first === undefined || last === undefined) return "No challenges";
  return first === last ? `Challenge ${first} of ${page.totalChallenges}` : `Challenges ${first} to ${last} of ${page.totalChallenges}`;
};
