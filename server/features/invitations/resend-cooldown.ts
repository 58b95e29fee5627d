import { AUTH_POLICY } from "../../auth/auth-policy.ts";
import type { Database } from "../../db/database.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import { lastInvitationSentAt } from "./invitation-store.ts";

/**
 * A new link to the same person waits a minute after the last one (as a new sign-in code waits):
 * a double click or an impatient administrator does not fill someone's inbox. 429 ERROR_012.
 */
export const checkResendCooldown = async (db: Database, userId: number, now: Date): Promise<ApiFailure | undefined> => {
  const last = await lastInvitationSentAt(db, userId);
  if (last === undefined || now.getTime() - last.getTime() >= AUTH_POLICY.invitationResendCooldownMs) return undefined;
  return apiFailure(429, "ERROR_012", "an invitation was sent to this person less than a minute ago");
};
