import type { DeliveryContext } from "./deliver.ts";
import { deliverThroughOutbox } from "./deliver.ts";
import type { OutboxRecord } from "./outbox-store.ts";

export type Email = { readonly to: string; readonly subject: string; readonly text: string };

/** How the server sends e-mail (one-time codes, password resets, invitations). */
export type MailPort = { readonly send: (email: Email) => Promise<OutboxRecord> };

/** E-mail through the outbox: SMTP when SMTP_URL is set, otherwise the outbox table and the log. */
export const createMailPort = (context: DeliveryContext): MailPort => ({
  send: (email) =>
    deliverThroughOutbox(context, { channel: "email", recipient: email.to, subject: email.subject, body: email.text }),
});
