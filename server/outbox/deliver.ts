import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { type OutboxRecord, type OutgoingMessage, markOutboxFailed, markOutboxSent, recordOutboxMessage } from "./outbox-store.ts";

/** Hands one message to a real transport (SMTP, an SMS provider); throws when it refuses. */
export type Transport = { readonly deliver: (message: OutgoingMessage) => Promise<void> };

export type DeliveryContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly transport: Transport | undefined;
  /**
   * Outside production, messages without a transport are written to the log in full so a person
   * running the demo can read their one-time code there. Production logs never hold bodies.
   */
  readonly logBodies: boolean;
};

/**
 * The outbox pattern: record first, then deliver if a transport exists. A failed delivery keeps
 * the row (sent_at null, last_error set) and does not fail the caller's request.
 */
export const deliverThroughOutbox = async (context: DeliveryContext, message: OutgoingMessage): Promise<OutboxRecord> => {
  const record = await recordOutboxMessage(context.db, message, context.clock.now());
  if (context.transport === undefined) {
    const summary = { outboxId: record.id, channel: message.channel, to: message.recipient };
    if (context.logBodies) context.log.info({ ...summary, subject: message.subject, body: message.body }, "outbox: message kept (no transport)");
    else context.log.warn(summary, "outbox: message kept, no transport configured for this channel");
    return record;
  }
  try {
    await context.transport.deliver(message);
    const sentAt = context.clock.now();
    await markOutboxSent(context.db, record.id, sentAt);
    return { ...record, sentAt };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.log.error({ outboxId: record.id, channel: message.channel, err: error }, "outbox: delivery failed");
    await markOutboxFailed(context.db, record.id, reason);
    return record;
  }
};
