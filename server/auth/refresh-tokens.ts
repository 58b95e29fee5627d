import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { refreshTokens } from "../db/schema/credentials.ts";
import { randomToken, sha256Hex } from "./auth-keys.ts";

/** A new refresh token in a session's family; only its SHA-256 is stored. */
export const issueRefreshToken = async (
  db: Database,
  issue: { readonly userId: number; readonly sessionId: string; readonly expiresAt: Date; readonly now: Date },
): Promise<{ readonly token: string; readonly id: number }> => {
  const token = randomToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId: issue.userId, tokenHash: sha256Hex(token), familyId: issue.sessionId, issuedAt: issue.now, expiresAt: issue.expiresAt })
    .returning({ id: refreshTokens.id });
  if (row === undefined) throw new Error("refresh token insert returned no row");
  return { token, id: row.id };
};

export type StoredRefreshToken = {
  readonly id: number;
  readonly userId: number;
  readonly sessionId: string;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  /** Set once the token was rotated: presenting it again is reuse. */
  readonly replacedById: number | null;
};

export const findRefreshToken = async (db: Database, token: string): Promise<StoredRefreshToken | undefined> => {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      sessionId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      replacedById: refreshTokens.replacedById,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  return row;
};

/**
 * Rotates a refresh token: the old one is retired and a new one issued in the same family, in
 * one transaction. Retiring is an UPDATE guarded by "not yet retired", so of two requests with
 * the same token only one rotates; the other gets undefined and is treated as reuse.
 */
export const rotateRefreshToken = (
  db: Database,
  current: StoredRefreshToken,
  now: Date,
): Promise<string | undefined> =>
  db.transaction(async (tx) => {
    const retired = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt), isNull(refreshTokens.replacedById)))
      .returning({ id: refreshTokens.id });
    if (retired.length === 0) return undefined;
    const next = await issueRefreshToken(tx, { userId: current.userId, sessionId: current.sessionId, expiresAt: current.expiresAt, now });
    await tx.update(refreshTokens).set({ replacedById: next.id }).where(eq(refreshTokens.id, current.id));
    return next.token;
  });
