import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type MobileSessionUploadJson, uploadFromDetail } from "../../../domain/mobile/upload-from-detail.ts";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";

/**
 * One upload per game type (tests/fixtures/mobile-sessions/, docs/mobile-api.md, "Replaying
 * sessions"): the documented example of each game's session detail (docs/attempt-mapping.md) as
 * the app sends it, played on 28 February 2026, each with a client id of its own that never
 * changes, so a second replay repeats them all. The assignment is named by game and difficulty
 * (the example's), so they fit any patient with those live assignments; game ids are the
 * reference data's on a fresh database (its eight games inserted in GAME_TYPES order).
 */
export const sessionFixtures = (gameIdOf: (type: GameType) => number): Array<{ readonly name: string; readonly body: MobileSessionUploadJson }> =>
  GAME_TYPES.map((type, index) => {
    const example = SESSION_DETAIL_EXAMPLES[type];
    const start = new Date(Date.UTC(2026, 1, 28, 9 + index, 0, 0));
    // The example's attempts keep their times within the session, moved to the fixture's day.
    const { patient_game_level_id: _level, challenges_in_session, ...byGame } = uploadFromDetail(example, {
      clientSessionId: `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`,
      levelId: 1,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 10 * 60_000).toISOString(),
    });
    const { start_time, ...rest } = byGame;
    return {
      name: `${String(index + 1).padStart(2, "0")}-${type}.json`,
      body: { ...rest, game_id: gameIdOf(type), difficulty: example.difficulty, start_time, challenges_in_session },
    };
  });

/** The game ids of a fresh database's reference data. */
export const FRESH_GAME_ID = (type: GameType): number => GAME_TYPES.indexOf(type) + 1;

/** Writes the fixtures into a folder, one JSON file each (two-space indent, final newline). */
export const writeSessionFixtures = async (folder: string, gameIdOf: (type: GameType) => number = FRESH_GAME_ID): Promise<string[]> => {
  await mkdir(folder, { recursive: true });
  const fixtures = sessionFixtures(gameIdOf);
  for (const fixture of fixtures) await writeFile(path.join(folder, fixture.name), `${JSON.stringify(fixture.body, null, 2)}\n`);
  return fixtures.map((fixture) => fixture.name);
};
