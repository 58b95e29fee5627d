import { asc, eq, inArray } from "drizzle-orm";
import type { InstitutionGame } from "../../../domain/exercises/index.ts";
import { DIFFICULTY_ORDER } from "../../../domain/shared/games/difficulty.ts";
import { GameId } from "../../../domain/shared/ids.ts";
import { exerciseContent } from "../../content/exercise-content.ts";
import type { Database } from "../../db/database.ts";
import { gameContentFiles, games, institutionGames } from "../../db/schema/games.ts";

/**
 * The games an owner offers with each level's content URL and file limits: an institution its
 * switched-on games, the platform (null) the whole catalogue. A level counts only when it has
 * both a content file row and content (the limits come from the file itself).
 */
export const offeredGames = async (db: Database, institutionId: number | null): Promise<readonly InstitutionGame[]> => {
  const rows =
    institutionId === null
      ? await db.select({ id: games.id, type: games.type, name: games.name }).from(games).orderBy(asc(games.name), asc(games.id))
      : await db
          .select({ id: games.id, type: games.type, name: games.name })
          .from(institutionGames)
          .innerJoin(games, eq(games.id, institutionGames.gameId))
          .where(eq(institutionGames.institutionId, institutionId))
          .orderBy(asc(games.name), asc(games.id));
  if (rows.length === 0) return [];
  const files = await db
    .select({ gameId: gameContentFiles.gameId, difficulty: gameContentFiles.difficulty, url: gameContentFiles.url })
    .from(gameContentFiles)
    .where(
      inArray(
        gameContentFiles.gameId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: GameId.make(row.id),
    type: row.type,
    name: row.name,
    levels: DIFFICULTY_ORDER.flatMap((difficulty) => {
      const file = files.find((entry) => entry.gameId === row.id && entry.difficulty === difficulty);
      const content = exerciseContent(row.type, difficulty);
      return file === undefined || content === undefined ? [] : [{ difficulty, content_url: file.url, configuration: content.configuration }];
    }),
  }));
};

/** The offer by game id, for checking forms. */
export const offerById = (offer: readonly InstitutionGame[]): ReadonlyMap<number, InstitutionGame> => new Map(offer.map((game) => [game.id, game]));
