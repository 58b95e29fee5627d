import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { oneOf } from "./one-of.ts";
import { createdAt, instant } from "./timestamps.ts";

export const OUTBOX_CHANNELS = ["email", "sms"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * Every e-mail and SMS the portal sends, written before delivery. Without SMTP (development, the
 * demo) this table is the mailbox: the dev outbox page reads it. `sent_at` is set once a real
 * transport accepted the message.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channel: text("channel").$type<OutboxChannel>().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    createdAt: createdAt(),
    sentAt: instant("sent_at"),
    lastError: text("last_error"),
  },
  (t) => [
    oneOf("outbox_messages_channel_check", t.channel, OUTBOX_CHANNELS),
    index("outbox_messages_recipient_idx").on(sql`lower(${t.recipient})`, t.createdAt),
  ],
);
