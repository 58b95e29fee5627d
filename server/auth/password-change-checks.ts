import type { FastifyReply } from "fastify";
import type { AuthTrail } from "./auth-audit.ts";
import { validatePasswordChange } from "../../domain/shared/validators/password.ts";
import type { AccountWithHash } from "./accounts.ts";
import { replyLocked } from "./auth-failures.ts";
import { passwordRuleReason, passwordStrengthFailure } from "./password-change.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import type { PasswordHashCost } from "./password-hash-cost.ts";
import { guardKey, lockStatus, readGuard } from "./sign-in-guard.ts";
import type { Database } from "../db/database.ts";
import { type ApiFailure, fromDomainFailure, replyWithFailure } from "../http/api-failure.ts";
import { countFailure } from "./count-failure.ts";

export type PasswordChangeRequest = {
  readonly db: Database;
  /** The route's auth trail (a wrong current password is counted and audited on it). */
  readonly trail: AuthTrail;
  readonly reply: FastifyReply;
  readonly now: Date;
  readonly account: AccountWithHash;
  readonly sessionId: string;
  readonly passwords: { readonly old_password: string; readonly new_password: string; readonly new_password_confirmation: string };
  /** Audits one refusal of auth.password_change. */
  readonly audit: (outcome: "failure" | "denied", reason: string) => Promise<void>;
  /** What a wrong current password answers: each call's contract names its own code. */
  readonly wrongOldPassword: () => ApiFailure;
  /** The cost the new password is hashed with (PASSWORD_HASH_COST). */
  readonly passwordHashCost: PasswordHashCost;
};

/**
 * The checks of every password change, in the order people meet them: the rules (ERROR_006 short,
 * ERROR_010 same as old, ERROR_008 mismatch), strength (ERROR_007), the account's lock (429
 * ERROR_012), then the current password, whose failure counts toward that lock. A refusal is
 * audited and answered here; success gives the new password's hash, for the caller to store.
 */
export const checkPasswordChange = async (change: PasswordChangeRequest): Promise<string | undefined> => {
  const { db, trail, reply, now, account, passwords, audit } = change;
  const rules = validatePasswordChange({
    oldPassword: passwords.old_password,
    newPassword: passwords.new_password,
    confirmation: passwords.new_password_confirmation,
  });
  if (!rules.ok) {
    await audit("failure", passwordRuleReason(rules.code));
    replyWithFailure(reply, fromDomainFailure(400, rules, "new password refused"));
    return undefined;
  }
  const weak = await passwordStrengthFailure(db, passwords.new_password, account);
  if (weak !== undefined) {
    await audit("failure", "weak_password");
    replyWithFailure(reply, weak);
    return undefined;
  }
  const key = guardKey(account.email);
  const lock = lockStatus(await readGuard(db, key), now);
  if (lock.locked) {
    await audit("denied", lock.reason);
    replyLocked(reply, lock);
    return undefined;
  }
  if (account.passwordHash === null || !(await verifyPassword(account.passwordHash, passwords.old_password))) {
    const status = await countFailure(db, trail, now, {
      userId: account.id,
      institutionId: account.institutionId,
      sessionId: change.sessionId,
      guardKey: key,
      kind: "password",
      action: "auth.password_change",
      reason: "wrong_password",
    });
    if (status.locked) replyLocked(reply, status);
    else replyWithFailure(reply, change.wrongOldPassword());
    return undefined;
  }
  return hashPassword(passwords.new_password, change.passwordHashCost);
};
