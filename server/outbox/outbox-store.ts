import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { type OutboxChannel, outboxMessages } from "../db/schema/outbox.ts";

export type OutgoingMessage = {
  readonly channel: OutboxChannel;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
};

export type OutboxRecord = OutgoingMessage & {
  readonly id: number;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
};

const columns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  body: outboxMessages.body,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
};

/** Writes the message before any delivery attempt, so nothing sent is ever unaccounted for. */
export const recordOutboxMessage = async (db: Database, message: OutgoingMessage, now: Date): Promise<OutboxRecord> => {
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...message, createdAt: now })
    .returning(columns);
  if (row === undefined) throw new Error("outbox insert returned no row");
  return row;
};

export const markOutboxSent = async (db: Database, id: number, now: Date): Promise<void> => {
  await db.update(outboxMessages).set({ sentAt: now, lastError: null }).where(eq(outboxMessages.id, id));
};

export const markOutboxFailed = async (db: Database, id: number, error: string): Promise<void> => {
  await db.update(outboxMessages).set({ lastError: error.slice(0, 500) }).where(eq(outboxMessages.id, id));
};

/** The newest messages for one address (e-mail or phone), matched without regard to case. */
export const newestOutboxMessages = (db: Database, recipient: string, limit: number): Promise<OutboxRecord[]> =>
  db
    .select(columns)
    .from(outboxMessages)
    .where(sql`lower(${outboxMessages.recipient}) = lower(${recipient})`)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);

/** The newest messages to anyone (the development outbox page without a filter). */
export const recentOutboxMessages = (db: Database, limit: number): Promise<OutboxRecord[]> =>
  db.select(columns).from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);

export const countOutboxMessages = async (db: Database): Promise<number> => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(outboxMessages);
  return row?.count ?? 0;
};
