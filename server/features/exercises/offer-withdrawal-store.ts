import { and, asc, countDistinct, eq, gt, inArray, isNotNull, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { WithdrawnGame } from "../../../domain/exercises/index.ts";
import { GameId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { patientGameLevels } from "../../db/schema/assignments.ts";
import { games } from "../../db/schema/games.ts";
import { patients } from "../../db/schema/patients.ts";

// Issue 31: a game an institution stops offering pauses its patients' live assignments (stamped
// paused_by_institution_at, migration 0029) instead of ending them for good, and offering it again
// brings exactly those back with their limits. Only this institution's patients are touched: a
// patient who moved away keeps their paused rows until an institution of theirs offers the game.

const ofInstitution = (db: Database, institutionId: number) => inArray(patientGameLevels.patientId, db.select({ id: patients.id }).from(patients).where(eq(patients.institutionId, institutionId)));

/** The offered games a change would take away, each with how many patients have live assignments of it, and those patients counted once. */
export const stoppingAssignments = async (
  db: Database,
  institutionId: number,
  withdrawn: readonly number[],
): Promise<{ readonly games: readonly WithdrawnGame[]; readonly patients: number }> => {
  if (withdrawn.length === 0) return { games: [], patients: 0 };
  const live = and(eq(patientGameLevels.isActive, true), inArray(patientGameLevels.gameId, [...withdrawn]), ofInstitution(db, institutionId));
  const [named, perGame, [total]] = await Promise.all([
    db.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, [...withdrawn])).orderBy(asc(games.name), asc(games.id)),
    db.select({ gameId: patientGameLevels.gameId, patients: countDistinct(patientGameLevels.patientId) }).from(patientGameLevels).where(live).groupBy(patientGameLevels.gameId),
    db.select({ patients: countDistinct(patientGameLevels.patientId) }).from(patientGameLevels).where(live),
  ]);
  return {
    games: named.map((game) => ({ id: GameId.make(game.id), name: game.name, patients: Number(perGame.find((row) => row.gameId === game.id)?.patients ?? 0) })),
    patients: Number(total?.patients ?? 0),
  };
};

/** Pauses the live assignments of the withdrawn games for the institution's patients; answers the patients paused. */
export const pauseAssignments = async (db: Database, institutionId: number, withdrawn: readonly number[], now: Date): Promise<readonly number[]> => {
  if (withdrawn.length === 0) return [];
  const rows = await db
    .update(patientGameLevels)
    .set({ isActive: false, pausedByInstitutionAt: now })
    .where(and(eq(patientGameLevels.isActive, true), inArray(patientGameLevels.gameId, [...withdrawn]), ofInstitution(db, institutionId)))
    .returning({ patientId: patientGameLevels.patientId });
  return rows.map((row) => row.patientId);
};

/**
 * Brings back the institution's paused assignments of games offered again, as they were. A level
 * that meanwhile has a live assignment keeps it (the unique live level rule), and of two paused
 * rows for one level only the latest comes back.
 */
export const restoreAssignments = async (db: Database, institutionId: number, offeredAgain: readonly number[]): Promise<readonly number[]> => {
  if (offeredAgain.length === 0) return [];
  const other = alias(patientGameLevels, "other_level");
  const sameLevel = and(eq(other.patientId, patientGameLevels.patientId), eq(other.gameId, patientGameLevels.gameId), eq(other.difficulty, patientGameLevels.difficulty));
  const rows = await db
    .update(patientGameLevels)
    .set({ isActive: true, pausedByInstitutionAt: null })
    .where(
      and(
        isNotNull(patientGameLevels.pausedByInstitutionAt),
        inArray(patientGameLevels.gameId, [...offeredAgain]),
        ofInstitution(db, institutionId),
        notExists(db.select({ one: other.id }).from(other).where(and(sameLevel, eq(other.isActive, true)))),
        notExists(db.select({ one: other.id }).from(other).where(and(sameLevel, isNotNull(other.pausedByInstitutionAt), gt(other.id, patientGameLevels.id)))),
      ),
    )
    .returning({ patientId: patientGameLevels.patientId });
  return rows.map((row) => row.patientId);
};

