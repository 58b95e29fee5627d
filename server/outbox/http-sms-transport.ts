import type { SmsProviderConfig } from "../config.ts";
import type { Transport } from "./deliver.ts";

/** How long the provider may take before the SMS counts as not sent (the person is waiting for it). */
export const SMS_PROVIDER_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP provider: one JSON POST `{ to, body }` to SMS_URL with the configured
 * Authorization header. Anything but a 2xx answer, a network error or no answer within the
 * timeout throws, so the outbox row keeps the failure. Error messages name the status or the
 * cause only: never the credentials, the recipient or the text (it holds the code).
 */
export const httpSmsTransport = (provider: SmsProviderConfig, options: { readonly timeoutMs?: number } = {}): Transport => {
  const timeoutMs = options.timeoutMs ?? SMS_PROVIDER_TIMEOUT_MS;
  return {
    deliver: async (message) => {
      let response: Response;
      try {
        response = await fetch(provider.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(provider.authorization === undefined ? {} : { authorization: provider.authorization }),
          },
          body: JSON.stringify({ to: message.recipient, body: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        const cause = error instanceof Error && error.cause instanceof Error && "code" in error.cause ? String(error.cause.code) : "network error";
        throw new Error(timedOut ? `SMS provider did not answer within ${timeoutMs} ms` : `SMS provider unreachable (${cause})`);
      }
      // The body is read and dropped: a provider may echo the message, and the message holds the code.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
  };
};
