import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { oneOf } from "./one-of.ts";
import { instant } from "./timestamps.ts";

export const REFUSAL_OUTCOMES = ["denied", "failure"] as const;

/**
 * Refused attempts that named no account, counted per address, kind (the audit action), outcome,
 * reason and hour (domain/auth/anonymous-refusals.ts) instead of one audit_events row each, so an
 * anonymous flood adds one row an hour per address and kind. Part of the audit trail: a trigger
 * (migration 0027) refuses DELETE and TRUNCATE, and an UPDATE may only add to a count (no key,
 * first_at or lowered count), so history is not rewritten here either.
 */
export const anonymousRefusals = pgTable(
  "anonymous_refusals",
  {
    windowStart: instant("window_start").notNull(),
    ip: text("ip").notNull(),
    /** The audit action: auth.password, auth.password_reset_request, mobile.device_auth, ... */
    action: text("action").notNull(),
    outcome: text("outcome").$type<(typeof REFUSAL_OUTCOMES)[number]>().notNull(),
    /** From the audit trail's fixed vocabulary (unknown_email, unknown_token, ...); empty when none. */
    reason: text("reason").notNull(),
    count: integer("count").notNull(),
    firstAt: instant("first_at").notNull(),
    lastAt: instant("last_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.windowStart, t.ip, t.action, t.outcome, t.reason] }),
    oneOf("anonymous_refusals_outcome_check", t.outcome, REFUSAL_OUTCOMES),
  ],
);
