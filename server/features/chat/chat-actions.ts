import { and, eq, notExists } from "drizzle-orm";
import { checkMessageText } from "../../../domain/chat/chat-message-text.ts";
import type { SendMessageBody } from "../../../domain/chat/chat-wire.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { chatAttachments, chatMessages } from "../../db/schema/chat.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import type { OpenedRoute } from "../../http/open-route.ts";
import type { ChatBus } from "./chat-bus.ts";
import { type CursorJson, type MessageJson, cursorsOf, messageOf, messageOfClientId } from "./message-rows.ts";
import { appendMessage, moveCursor, reviseMessage } from "./message-store.ts";
import { sendLimitReached } from "./send-rate-limit.ts";
import { type ChatReader, type ThreadScope, readerKey } from "./thread-scope.ts";

export type ChatDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly bus: ChatBus;
  readonly log: { readonly warn: (object: object, message: string) => void };
};

/** What a handler answers: a failure to refuse with (audited by the route), or a status and body. */
export type ActionResult<T> = { readonly ok: false; readonly failure: ApiFailure; readonly reason: string } | { readonly ok: true; readonly status: 200 | 201; readonly body: T };

type Audit = OpenedRoute<unknown, unknown, never>["audit"];

/** After the commit: a wake that fails is logged, never the writer's failure (readers catch up on their next wake or reconnect). */
export const wake = (deps: ChatDeps, wakeOf: Parameters<ChatBus["publish"]>[0]): void => {
  deps.bus.publish(wakeOf).catch((error: unknown) => deps.log.warn({ err: error }, "chat wake not published"));
};

const unknownAttachment = () => apiFailure(404, "ERROR_030", "no unsent attachment of the sender", { field: "attachment_id", placeholders: { field_name: "attachment" } });
const unknownMessage = () => apiFailure(404, "ERROR_030", "no such message in the thread", { field: "seq", placeholders: { field_name: "message" } });
const notTheAuthor = () => apiFailure(403, "ERROR_001", "only a message's author may change it");

/** The sender's own attachment of the institution that no message carries yet. */
const unsentAttachmentOf = async (db: Database, reader: ChatReader, institutionId: number, attachmentId: number): Promise<boolean> => {
  const uploader = reader.kind === "staff" ? eq(chatAttachments.uploadedByUserId, reader.userId) : eq(chatAttachments.uploadedByDeviceId, reader.deviceId);
  const carried = db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.attachmentId, chatAttachments.id));
  const [row] = await db
    .select({ id: chatAttachments.id })
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, attachmentId), eq(chatAttachments.institutionId, institutionId), uploader, notExists(carried)));
  return row !== undefined;
};

/**
 * Send: a repeat of a stored client id answers the stored message (200) before anything else; then
 * the sender's limits (429), the text (400), the attachment (404 unless the sender's own, unsent);
 * then one transaction stores it with its audit row (201) and the wake follows the commit.
 */
export const sendAction = async (deps: ChatDeps, scope: ThreadScope, body: SendMessageBody, audit: Audit): Promise<ActionResult<MessageJson>> => {
  const { db, clock } = deps;
  const { thread, reader } = scope;
  const repeat = await messageOfClientId(db, thread.id, body.client_id);
  if (repeat !== undefined) {
    await audit("success", "repeat", `${thread.id}/${repeat.seq}`);
    return { ok: true, status: 200, body: repeat };
  }
  const now = clock.now();
  const limited = await sendLimitReached(db, reader, now);
  if (limited !== null) return { ok: false, failure: limited, reason: "rate_limited" };
  const attachmentId = body.attachment_id ?? null;
  const text = checkMessageText(body.body, attachmentId !== null);
  if (!text.ok) return { ok: false, failure: fromDomainFailure(400, text, "message text"), reason: "invalid_body" };
  if (attachmentId !== null && !(await unsentAttachmentOf(db, reader, thread.institutionId, attachmentId))) return { ok: false, failure: unknownAttachment(), reason: "unknown_attachment" };
  const appended = await appendMessage(db, { thread, author: reader, clientId: body.client_id, body: text.value, attachmentId, now }, (tx) =>
    audit("success", null, `${thread.id}`, tx),
  );
  if (appended.created) wake(deps, { kind: "message", institutionId: thread.institutionId, streamSeq: appended.streamSeq });
  else await audit("success", "repeat", `${thread.id}/${appended.seq}`);
  const stored = await messageOf(db, thread.id, appended.seq);
  if (stored === undefined) throw new Error("stored message not found");
  return { ok: true, status: appended.created ? 201 : 200, body: stored };
};

/** Edit (a new revision) or withdraw (a marker): the author's only (403 for anyone else), audited with the change. */
export const reviseAction = async (deps: ChatDeps, scope: ThreadScope, seq: number, change: { body: string } | "withdraw", audit: Audit): Promise<ActionResult<MessageJson>> => {
  const { db, clock } = deps;
  let body = "";
  if (change !== "withdraw") {
    const text = checkMessageText(change.body, false);
    if (!text.ok) return { ok: false, failure: fromDomainFailure(400, text, "message text"), reason: "invalid_body" };
    body = text.value;
  }
  const revised = await reviseMessage(db, { thread: scope.thread, seq, author: scope.reader, body, withdraw: change === "withdraw", now: clock.now() }, (tx) =>
    audit("success", null, `${scope.thread.id}/${seq}`, tx),
  );
  if (revised.outcome === "unknown") return { ok: false, failure: unknownMessage(), reason: "unknown_message" };
  if (revised.outcome === "not_author") return { ok: false, failure: notTheAuthor(), reason: "not_author" };
  wake(deps, { kind: "message", institutionId: scope.thread.institutionId, streamSeq: revised.streamSeq });
  const stored = await messageOf(db, scope.thread.id, seq);
  if (stored === undefined) throw new Error("revised message not found");
  return { ok: true, status: 200, body: stored };
};

/** Read up to `seq`: the cursor moves forward only; everyone's streams hear of it. */
export const readAction = async (deps: ChatDeps, scope: ThreadScope, seq: number, audit: Audit): Promise<CursorJson> => {
  const { db, clock } = deps;
  const key = readerKey(scope.reader);
  await db.transaction(async (tx) => {
    await moveCursor(tx, scope.thread.id, key, seq, scope.thread.lastSeq, clock.now());
    await audit("success", null, String(scope.thread.id), tx);
  });
  wake(deps, { kind: "read", institutionId: scope.thread.institutionId, threadId: scope.thread.id });
  const cursor = (await cursorsOf(db, scope.thread.id)).find((one) => `${one.participant.kind === "staff" ? "u" : "p"}${one.participant.id}` === key);
  if (cursor === undefined) throw new Error("cursor not stored");
  return cursor;
};
