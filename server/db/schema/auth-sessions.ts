import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { oneOf } from "./one-of.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

/** A session is pre-authenticated after the password, and active once the second factor is verified. */
export const AUTH_SESSION_STAGES = ["pre_auth", "active"] as const;
export type AuthSessionStage = (typeof AUTH_SESSION_STAGES)[number];

/**
 * One sign-in, from the password to sign-out or timeout. Tokens carry the session id, so ending
 * the row ends every token issued for it: the access-token check reads this row on each call.
 * The refresh-token family of a session is the session id.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage").$type<AuthSessionStage>().notNull(),
    /** When the password was accepted: the 12-hour limit counts from here. */
    createdAt: instant("created_at").notNull(),
    authenticatedAt: instant("authenticated_at"),
    /** Updated by authenticated calls and refreshes, at most once a minute. */
    lastActivityAt: instant("last_activity_at").notNull(),
    /** The hard end: pre-authentication lifetime, then the absolute session lifetime. */
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    /** Why it ended: sign_out, idle_timeout, absolute_timeout, refresh_reuse, too_many_codes, ... */
    revokeReason: text("revoke_reason"),
    /** Wrong second-factor codes typed in this sign-in. */
    failedCodeAttempts: integer("failed_code_attempts").notNull().default(0),
    ip: text("ip"),
  },
  (t) => [
    index("auth_sessions_user_idx").on(t.userId),
    oneOf("auth_sessions_stage_check", t.stage, AUTH_SESSION_STAGES),
  ],
);
