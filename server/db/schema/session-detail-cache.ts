import { sql } from "drizzle-orm";
import { check, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { gameSessions } from "./sessions.ts";

/**
 * The challenges of a session's detail (`challenges_in_session`, the part that grows with its
 * attempts) as the JSON text GET game-session/{id}/detailed/ sends, kept so a long session is
 * not rebuilt from its 500 attempts on every read. A row is good only while its `version` equals
 * the session's `detail_version` and its `epoch` the one row of session_detail_epoch: triggers
 * (migration 0015) move those in the transaction of every write the text shows (attempts,
 * challenges, notes; people's names; note types), so a stale row is never used, whatever wrote.
 * Only bodies worth keeping are stored (server/features/session-review/session-detail-cache.ts).
 */
export const sessionDetailCache = pgTable("session_detail_cache", {
  sessionId: integer("session_id")
    .primaryKey()
    .references(() => gameSessions.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  epoch: integer("epoch").notNull(),
  body: text("body").notNull(),
});

/**
 * One row: the version of everything a cached detail shows that is not the session's own (the
 * names of the people who wrote notes and corrections, the note types). Moved by triggers when
 * one of those changes, which voids every cached detail at once: such changes are rare.
 */
export const sessionDetailEpoch = pgTable(
  "session_detail_epoch",
  {
    id: smallint("id").primaryKey().default(1),
    epoch: integer("epoch").notNull().default(0),
  },
  (t) => [check("session_detail_epoch_one_row", sql`${t.id} = 1`)],
);
