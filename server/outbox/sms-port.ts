import type { Delivered, DeliveryContext } from "./deliver.ts";
import { deliverThroughOutbox } from "./deliver.ts";

export type Sms = { readonly to: string; readonly text: string };

/**
 * How the server sends SMS (one-time codes): through the outbox to the HTTP provider of SMS_URL
 * (outbox/http-sms-transport.ts). Without a provider, development keeps every SMS in the outbox
 * (and the log); production reports SMS as unavailable, so a code is never silently dropped.
 */
export type SmsPort = { readonly send: (sms: Sms) => Promise<Delivered> };

export const createSmsPort = (context: DeliveryContext & { readonly transportRequired: boolean }): SmsPort => ({
  send: (sms) =>
    deliverThroughOutbox(context, { channel: "sms", recipient: sms.to, subject: "", body: sms.text }, { transportRequired: context.transportRequired }),
});
