import type { DeliveryContext } from "./deliver.ts";
import { deliverThroughOutbox } from "./deliver.ts";
import type { OutboxRecord } from "./outbox-store.ts";

export type Sms = { readonly to: string; readonly text: string };

/**
 * How the server sends SMS (one-time codes). No provider adapter ships yet: every SMS lands in
 * the outbox table (and, outside production, the log). A provider plugs in as a Transport.
 */
export type SmsPort = { readonly send: (sms: Sms) => Promise<OutboxRecord> };

export const createSmsPort = (context: DeliveryContext): SmsPort => ({
  send: (sms) => deliverThroughOutbox(context, { channel: "sms", recipient: sms.to, subject: "", body: sms.text }),
});
