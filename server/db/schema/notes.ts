import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { gameAttempts } from "./sessions.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, updatedAt } from "./timestamps.ts";
import { users } from "./users.ts";

/** Kinds of SLP note (Observation, Progress, ...) with the colour their badge shows. */
export const noteTypes = pgTable(
  "note_types",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().unique(),
    color: text("color").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [check("note_types_color_check", sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`)],
);

/** An SLP's note on one attempt; edits keep the author and record the last editor. */
export const attemptNotes = pgTable(
  "attempt_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => gameAttempts.id, { onDelete: "cascade" }),
    noteTypeId: integer("note_type_id")
      .notNull()
      .references(() => noteTypes.id),
    content: text("content").notNull(),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    lastEditedByUserId: integer("last_edited_by_user_id").references(() => users.id),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("attempt_notes_attempt_idx").on(t.attemptId)],
);
