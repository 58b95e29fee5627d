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
 * What became of a message: handed to the transport, kept in the outbox (no transport, outside
 * production), refused by the transport, or kept because the channel has no transport where one
 * is required (production SMS without SMS_URL).
 */
export type Delivery = "sent" | "kept" | "failed" | "unavailable";

export type Delivered = OutboxRecord & { readonly delivery: Delivery };

/**
 * The outbox pattern: record first, then deliver if a transport exists. A failed delivery keeps
 * the row (sent_at null, last_error set); the caller decides from `delivery` whether its request
 * fails (an SMS code that never left does).
 */
export const deliverThroughOutbox = async (
  context: DeliveryContext,
  message: OutgoingMessage,
  options: { readonly transportRequired?: boolean } = {},
): Promise<Delivered> => {
  const record = await recordOutboxMessage(context.db, message, context.clock.now());
  if (context.transport === undefined) {
    const summary = { outboxId: record.id, channel: message.channel };
    if (options.transportRequired === true) {
      context.log.error(summary, "outbox: no transport configured for this channel; the message was not sent");
      await markOutboxFailed(context.db, record.id, `no transport configured for ${message.channel}`);
      return { ...record, delivery: "unavailable" };
    }
    if (context.logBodies) context.log.info({ ...summary, to: message.recipient, subject: message.subject, body: message.body }, "outbox: message kept (no transport)");
    else context.log.warn({ ...summary, to: message.recipient }, "outbox: message kept, no transport configured for this channel");
    return { ...record, delivery: "kept" };
  }
  try {
    await context.transport.deliver(message);
    const sentAt = context.clock.now();
    await markOutboxSent(context.db, record.id, sentAt);
    return { ...record, sentAt, delivery: "sent" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.log.error({ outboxId: record.id, channel: message.channel, reason }, "outbox: delivery failed");
    await markOutboxFailed(context.db, record.id, reason);
    return { ...record, delivery: "failed" };
  }
};
