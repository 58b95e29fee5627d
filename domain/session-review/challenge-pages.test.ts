import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { GAME_TYPES } from "../shared/games/game-type.ts";
import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";
import { ChallengeId } from "./session-detail-wire.ts";
import { challengeGroups, challengePage, challengeRangeText } from "./challenge-pages.ts";
import { exampleRows } from "./example-rows.test-helper.ts";

/** A session of `sizes.length` challenges with that many attempts each, built from a real example row. */
const sessionOf = (sizes: readonly number[]): AttemptRow[] => {
  const [template] = exampleRows("naming");
  if (template === undefined) throw new Error("no naming example row");
  return sizes.flatMap((size, challenge) =>
    Array.from({ length: size }, (_, attempt) => ({ ...template, id: template.id, groupIdentifier: ChallengeId.make(1000 + challenge), trials: attempt + 1 })),
  );
};

describe("challengeGroups", () => {
  test.prop([fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 })])("numbers challenges from 1 in play order and keeps every attempt once", (sizes) => {
    const groups = challengeGroups(sessionOf(sizes));
    expect(groups.map((group) => group.number)).toEqual(sizes.map((_, index) => index + 1));
    expect(groups.map((group) => group.rows.length)).toEqual(sizes);
  });

  test.each(GAME_TYPES)("groups the %s example by its challenges", (type) => {
    const rows = exampleRows(type);
    const groups = challengeGroups(rows);
    expect(groups.flatMap((group) => group.rows)).toHaveLength(rows.length);
    for (const group of groups) expect(new Set(group.rows.map((row) => row.groupIdentifier)).size).toBe(1);
  });
});

describe("challengePage", () => {
  test.prop([fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 120 }), fc.integer({ min: -3, max: 20 }), fc.integer({ min: 1, max: 15 })])(
    "pages cover every challenge exactly once, and a page out of range shows the nearest",
    (sizes, asked, perPage) => {
      const groups = challengeGroups(sessionOf(sizes));
      const first = challengePage(groups, 1, perPage);
      const seen = Array.from({ length: first.totalPages }, (_, index) => challengePage(groups, index + 1, perPage).challenges).flat();
      expect(seen.map((group) => group.number)).toEqual(groups.map((group) => group.number));
      const page = challengePage(groups, asked, perPage);
      expect(page.page).toBe(Math.min(Math.max(1, asked), first.totalPages));
      expect(page.challenges.length).toBeLessThanOrEqual(perPage);
    },
  );

  test("says which challenges a page shows", () => {
    const groups = challengeGroups(sessionOf(Array.from({ length: 25 }, () => 2)));
    expect(challengeRangeText(challengePage(groups, 2))).toBe("Challenges 11 to 20 of 25");
    expect(challengeRangeText(challengePage(groups, 3, 12))).toBe("Challenge 25 of 25");
    expect(challengeRangeText(challengePage([], 1))).toBe("No challenges");
  });
});
