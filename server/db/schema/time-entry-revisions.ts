import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { REVISION_KINDS, TIME_ACTIVITIES } from "../../../domain/billing/time-log-wire.ts";
import { oneOf } from "./one-of.ts";
import { instant } from "./timestamps.ts";
import { rtmTimeEntries } from "./time-log.ts";
import { users } from "./users.ts";

/**
 * The correction history of a treatment-management time entry (issue 24, "every entry and change
 * is audited"; docs/billing.md "Time log"): one row per correction (`edit`) or removal (`remove`),
 * with when, by whom, why, the entry's values before it and, for a correction, after it. Written by
 * triggers of migration 0023 in the statement that changes the entry, so no write path can skip it:
 * the entry's own trigger copies the values and the reason, and the audit row of the change (same
 * transaction) names the author of a removal, which the entry row does not carry. Never updated
 * otherwise, never deleted.
 */
export const rtmTimeEntryRevisions = pgTable(
  "rtm_time_entry_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => rtmTimeEntries.id),
    revisedAt: instant("revised_at").notNull(),
    /** Null only for a change made outside the portal (no audit row names its author). */
    revisedByUserId: integer("revised_by_user_id").references(() => users.id),
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    /** The entry before the revision. */
    activity: text("activity").notNull(),
    startedAt: instant("started_at").notNull(),
    minutes: integer("minutes").notNull(),
    note: text("note").notNull(),
    /** The entry after a correction; null for a removal. */
    newActivity: text("new_activity"),
    newStartedAt: instant("new_started_at"),
    newMinutes: integer("new_minutes"),
    newNote: text("new_note"),
  },
  (t) => [
    oneOf("rtm_time_entry_revisions_kind_check", t.kind, Object.values(REVISION_KINDS)),
    oneOf("rtm_time_entry_revisions_activity_check", t.activity, Object.values(TIME_ACTIVITIES)),
    index("rtm_time_entry_revisions_entry_idx").on(t.entryId, t.revisedAt),
  ],
);
