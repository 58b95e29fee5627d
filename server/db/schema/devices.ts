import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { patients } from "./patients.ts";
import { gameSessions } from "./sessions.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A patient's paired device: the installation of the exercise app that sends their sessions
 * (docs/mobile-api.md). Only the SHA-256 of its token is kept (the token is 32 random bytes, so
 * the hash cannot be reversed and needs no key), and the token is shown once, when issued. A
 * revoked device stays listed; its token no longer works.
 */
export const patientDevices = pgTable(
  "patient_devices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    label: text("label").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who paired it; null only if that account itself is gone. */
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull(),
    /** When it last sent a session, to the minute (a write per request would cost more than it tells). */
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
    revokedByUserId: integer("revoked_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("patient_devices_patient_idx").on(t.patientId, t.createdAt)],
);

/**
 * The sessions the app sent, by the app's own id: the key that makes a retry a repeat rather than
 * a second session (docs/mobile-api.md, "Idempotency"). An upload first claims its row here
 * (`INSERT … ON CONFLICT DO NOTHING`); only the claimer writes the session, in the same
 * transaction, and fills `session_id` and `answer`, so a row without them is never seen outside it.
 */
export const mobileSessionReceipts = pgTable(
  "mobile_session_receipts",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    clientSessionId: uuid("client_session_id").notNull(),
    sessionId: integer("session_id")
      .unique()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    /** The device that sent it (the audit trail's "who": patients are not users). */
    deviceId: integer("device_id")
      .notNull()
      .references(() => patientDevices.id),
    receivedAt: instant("received_at").notNull(),
    /**
     * The first answer, as sent (MobileSessionReceipt): a repeat answers exactly it, even after a
     * reviewer's correction has moved the session's figures, and costs one indexed read.
     */
    answer: jsonb("answer").$type<{ readonly [key: string]: unknown }>(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.clientSessionId] }), index("mobile_session_receipts_device_idx").on(t.deviceId, t.receivedAt)],
);
