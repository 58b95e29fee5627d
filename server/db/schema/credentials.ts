import { bigint, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { authSessions } from "./auth-sessions.ts";
import { createdAt, instant, updatedAt } from "./timestamps.ts";
import { MFA_METHODS, type MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { oneOf } from "./one-of.ts";
import { users } from "./users.ts";

/** argon2id hashes (PHC strings), one per account; kept apart from users so they are never selected by accident. */
export const passwordHashes = pgTable("password_hashes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Rotating refresh tokens. Only a SHA-256 of the token is stored; every rotation issues a new
 * row in the same family, and reuse of a rotated token revokes the whole family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The auth session the token belongs to: rotation keeps it, revocation ends the whole family. */
    familyId: uuid("family_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    issuedAt: instant("issued_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    replacedById: integer("replaced_by_id"),
  },
  (t) => [index("refresh_tokens_user_idx").on(t.userId), index("refresh_tokens_family_idx").on(t.familyId)],
);

export const ONE_TIME_CODE_PURPOSES = ["mfa", "mfa_enrolment", "password_reset"] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * Six-digit codes sent by e-mail or SMS (and password-reset link tokens), stored only as an HMAC,
 * single use, with expiry and a failure counter. Sign-in codes belong to the sign-in (auth
 * session) that asked for them.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<OneTimeCodePurpose>().notNull(),
    channel: text("channel").$type<MfaMethod>().notNull(),
    codeHash: text("code_hash").notNull(),
    sessionId: uuid("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    consumedAt: instant("consumed_at"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf("one_time_codes_purpose_check", t.purpose, ONE_TIME_CODE_PURPOSES),
    oneOf("one_time_codes_channel_check", t.channel, MFA_METHODS),
    index("one_time_codes_user_idx").on(t.userId, t.purpose),
    index("one_time_codes_session_idx").on(t.sessionId),
    index("one_time_codes_hash_idx").on(t.codeHash),
  ],
);

/**
 * Second factors a user has set up. An authenticator app keeps its TOTP secret here; SMS keeps
 * the phone it was confirmed with. Unconfirmed rows are enrolments in progress.
 */
export const mfaEnrolments = pgTable(
  "mfa_enrolments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").$type<MfaMethod>().notNull(),
    /** Never the secret itself: its AES-256-GCM envelope under MFA_SECRET_KEY (server/auth/secret-box.ts). */
    totpSecret: text("totp_secret"),
    phone: text("phone"),
    confirmedAt: instant("confirmed_at"),
    /** The last 30-second step an authenticator code was accepted for: a code never works twice. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("mfa_enrolments_user_method_key").on(t.userId, t.method),
    oneOf("mfa_enrolments_method_check", t.method, MFA_METHODS),
  ],
);
