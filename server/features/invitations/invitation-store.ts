import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { INVITATION_STATE, type InvitationState, type InvitationSummary, checkInvitationIssuable, invitationExpiry, invitationState } from "../../../domain/invitations/index.ts";
import type { Failure } from "../../../domain/shared/result.ts";
import type { AuthKeys } from "../../auth/auth-keys.ts";
import { codeHmac, randomToken } from "../../auth/auth-keys.ts";
import { holdsPassword } from "../../auth/password-change.ts";
import type { Database } from "../../db/database.ts";
import { invitations } from "../../db/schema/invitations.ts";
import { users } from "../../db/schema/users.ts";

// The HMAC context of invitation tokens: a reset token's digest can never match an invitation's.
const INVITATION_CONTEXT = "invitation";

/** The lookup key of a link's token: only this is stored. */
const tokenDigest = (keys: AuthKeys, token: string): string => codeHmac(keys, INVITATION_CONTEXT, token);

/** A link just written: the token to put in the e-mail and when it expires. */
export type IssuedInvitation = { readonly ok: true; readonly token: string; readonly expiresAt: Date };

/**
 * A new invitation link for a pending person, written in the caller's transaction. Every earlier
 * link of theirs that still works dies with it (resend, a changed e-mail): only the newest counts.
 * Returns the token to put in the e-mail and when it expires; only its HMAC is kept. Someone who
 * already has a password gets no link (checkInvitationIssuable: ERROR_050), and nothing changes.
 */
export const issueInvitation = async (
  tx: Database,
  keys: AuthKeys,
  issue: { readonly userId: number; readonly invitedByUserId: number; readonly email: string; readonly now: Date },
): Promise<IssuedInvitation | Failure> => {
  const issuable = checkInvitationIssuable({ hasPassword: await holdsPassword(tx, issue.userId) });
  if (!issuable.ok) return issuable;
  await revokeInvitations(tx, issue.userId, issue.now);
  const token = randomToken();
  const expiresAt = invitationExpiry(issue.now);
  await tx.insert(invitations).values({
    userId: issue.userId,
    tokenHash: tokenDigest(keys, token),
    invitedByUserId: issue.invitedByUserId,
    email: issue.email,
    sentAt: issue.now,
    expiresAt,
    createdAt: issue.now,
  });
  return { ok: true, token, expiresAt };
};

/** Withdraws every link of the person that has not been used or withdrawn yet; how many died. */
export const revokeInvitations = async (tx: Database, userId: number, now: Date): Promise<number> => {
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return revoked.length;
};

/** When the person's newest link was sent (for the resend cooldown), or undefined if none ever was. */
export const lastInvitationSentAt = async (db: Database, userId: number): Promise<Date | undefined> => {
  const [row] = await db.select({ sentAt: invitations.sentAt }).from(invitations).where(eq(invitations.userId, userId)).orderBy(desc(invitations.sentAt), desc(invitations.id)).limit(1);
  return row?.sentAt;
};

/** A link as its token finds it: which invitation, whose, and its state now. */
export type FoundInvitation =
  | { readonly found: false }
  | { readonly found: true; readonly id: number; readonly userId: number; readonly state: InvitationState; readonly expiresAt: Date };

/** Finds a link by its token's HMAC without using it up. */
export const findInvitation = async (db: Database, keys: AuthKeys, token: string, now: Date): Promise<FoundInvitation> => {
  const [row] = await db
    .select({ id: invitations.id, userId: invitations.userId, expiresAt: invitations.expiresAt, usedAt: invitations.usedAt, revokedAt: invitations.revokedAt })
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenDigest(keys, token)))
    .limit(1);
  if (row === undefined) return { found: false };
  return { found: true, id: row.id, userId: row.userId, expiresAt: row.expiresAt, state: invitationState(row, now) };
};

/** Uses a link up, only while it is still open; false when it was used, withdrawn or expired meanwhile. */
export const useInvitation = async (tx: Database, id: number, now: Date): Promise<boolean> => {
  const used = await tx
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.revokedAt), sql`${invitations.expiresAt} > ${now.toISOString()}`))
    .returning({ id: invitations.id });
  return used.length === 1;
};

/**
 * The newest invitation of each of these people, as their records show it (who sent it, when,
 * until when, its state now). A person never invited has no entry. One indexed query for a page.
 */
export const invitationSummaries = async (db: Database, userIds: readonly number[], now: Date): Promise<ReadonlyMap<number, InvitationSummary>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([invitations.userId], {
      userId: invitations.userId,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
      revokedAt: invitations.revokedAt,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(inArray(invitations.userId, [...userIds]))
    .orderBy(invitations.userId, desc(invitations.sentAt), desc(invitations.id));
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        state: invitationState(row, now),
        invited_by: row.inviterFirstName === null || row.inviterLastName === null ? null : { first_name: row.inviterFirstName, last_name: row.inviterLastName },
        sent_at: row.sentAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      },
    ]),
  );
};

export { INVITATION_STATE };
