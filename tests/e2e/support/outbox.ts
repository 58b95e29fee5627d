import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_API_KEY } from "../../../server/config.ts";

/** One message of GET /api/dev/outbox (server/platform/dev-outbox.ts), newest first. */
export type OutboxMessage = {
  readonly id: string | number;
  readonly channel: "email" | "sms";
  readonly to: string;
  readonly subject: string | null;
  readonly body: string;
  readonly created_at: string;
  readonly sent_at: string | null;
};

/** The key of the server tests/e2e/start-test-server.mjs starts: it inherits API_KEY, else the development default. */
export const DEV_API_KEY = process.env.API_KEY ?? DEFAULT_API_KEY;

type OutboxAnswer = { readonly to: string; readonly count: number; readonly results: readonly OutboxMessage[] };

/** Where an address's outbox stood before an action: only messages after it count. */
export type OutboxMark = { readonly to: string; readonly seenIds: ReadonlySet<OutboxMessage["id"]> };

// Mail is written by the request that sends it, but a busy machine can take seconds to get there.
const POLL_TIMEOUT_MS = 20_000;
const POLL_INTERVAL_MS = 100;

async function readOutbox(request: APIRequestContext, to: string): Promise<readonly OutboxMessage[]> {
  const response = await request.get("/api/dev/outbox", { params: { to, limit: "50" }, headers: { "x-api-key": DEV_API_KEY } });
  if (!response.ok()) throw new Error(`GET /api/dev/outbox?to=${to} answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as OutboxAnswer;
  return answer.results;
}

/**
 * Remembers every message to `to` now, so a later wait ignores everything sent before. By id, not
 * by "the newest": a message written just before the mark (a password-changed notice) can sort
 * after one written later, and would then hide it.
 */
export async function markOutbox(request: APIRequestContext, to: string): Promise<OutboxMark> {
  return { to, seenIds: new Set((await readOutbox(request, to)).map((message) => message.id)) };
}

/** The newest message to the marked address that was not there at the mark (polls up to 20 s). */
export async function waitForMessage(request: APIRequestContext, mark: OutboxMark): Promise<OutboxMessage> {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  for (;;) {
    const fresh = (await readOutbox(request, mark.to)).find((message) => !mark.seenIds.has(message.id));
    if (fresh !== undefined) return fresh;
    if (Date.now() > deadline) throw new Error(`No new outbox message to ${mark.to} within ${POLL_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The six-digit sign-in code of the newest e-mail or SMS to the marked address after the mark. */
export async function waitForCode(request: APIRequestContext, mark: OutboxMark): Promise<string> {
  const message = await waitForMessage(request, mark);
  // "Your sign-in code is 123456" is the messages' contract (server/features/auth/code-messages.ts).
  const code = /Your sign-in code is (\d{6})\b/.exec(message.body)?.[1];
  if (code === undefined) throw new Error(`The newest message to ${mark.to} holds no sign-in code:\n${message.body}`);
  return code;
}

/** The first link in the newest message to the marked address after the mark whose path matches. */
export async function waitForLink(request: APIRequestContext, mark: OutboxMark, path: string): Promise<URL> {
  const message = await waitForMessage(request, mark);
  for (const match of message.body.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  throw new Error(`The newest message to ${mark.to} holds no link to ${path}:\n${message.body}`);
}
