import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./timestamps.ts";

/**
 * Failed sign-in attempts per account, shared by every API process. The key is a SHA-256 of the
 * lower-cased e-mail address, so an address without an account is counted (and locked) exactly
 * like one with an account, and the table never holds addresses someone merely typed.
 */
export const signInGuards = pgTable("sign_in_guards", {
  key: text("key").primaryKey(),
  passwordFailures: integer("password_failures").notNull().default(0),
  passwordWindowEndsAt: instant("password_window_ends_at"),
  codeFailures: integer("code_failures").notNull().default(0),
  codeWindowEndsAt: instant("code_window_ends_at"),
  /** Password sign-in and code verification are refused until then. */
  lockedUntil: instant("locked_until"),
  /** Failures since the last complete sign-in or password reset. */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  /** Set at the consecutive-failure ceiling: locked until a password reset by e-mail. */
  hardLockedAt: instant("hard_locked_at"),
  updatedAt: instant("updated_at").notNull(),
});
