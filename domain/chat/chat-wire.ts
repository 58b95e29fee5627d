import * as Schema from "effect/Schema";
import { IdNumber, PatientId, UserId } from "../shared/ids.ts";
import { IsoDateTime } from "../shared/wire/dates.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { idFromUrl, positiveIntFromQuery } from "../shared/wire/query-string.ts";
import { boundedText } from "../shared/wire/text-fields.ts";
import { ATTACHMENT_KINDS } from "./attachment-kind.ts";
import { CHAT_LIMITS } from "./chat-limits.ts";

// The SLP chat's wire (issue 34; docs/chat-api.md): threads, messages with their per-thread
// sequence, read cursors, and the stream's events. The server's routes and the adapter's calls
// both decode with these.

export const ChatThreadId = IdNumber.pipe(Schema.brand("ChatThreadId"));
export type ChatThreadId = typeof ChatThreadId.Type;
export const ChatAttachmentId = IdNumber.pipe(Schema.brand("ChatAttachmentId"));
export type ChatAttachmentId = typeof ChatAttachmentId.Type;

/** A message's position in its thread: 1, 2, 3… with no gap, in the order they were stored. */
export const MessageSeq = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1));

/** Who wrote a message or holds a cursor: a member of staff (their user id) or the thread's patient. */
export const ChatParticipant = Schema.Struct({
  kind: Schema.Literals(["staff", "patient"]),
  id: IdNumber,
  name: Schema.String,
});
export type ChatParticipant = typeof ChatParticipant.Type;

export const ChatAttachment = Schema.Struct({
  id: ChatAttachmentId,
  kind: Schema.Literals(ATTACHMENT_KINDS),
  name: Schema.String,
  size: Schema.Int,
});
export type ChatAttachment = typeof ChatAttachment.Type;

/**
 * A message as everyone sees it. An edit shows the latest revision with `edited_at`; a withdrawn
 * message keeps its place with an empty body, `withdrawn_at` and no attachment (the revisions
 * stay in the record, audited). `stream_seq` is its place in the institution's stream, the
 * server-sent event's id.
 */
export const ChatMessage = Schema.Struct({
  thread_id: ChatThreadId,
  seq: MessageSeq,
  stream_seq: Schema.Int,
  client_id: Schema.String,
  author: ChatParticipant,
  body: Schema.String,
  attachment: Schema.NullOr(ChatAttachment),
  sent_at: IsoDateTime,
  edited_at: Schema.NullOr(IsoDateTime),
  withdrawn_at: Schema.NullOr(IsoDateTime),
});
export type ChatMessage = typeof ChatMessage.Type;

/** One participant's read cursor, for the "Seen by" marks. */
export const ChatReadCursor = Schema.Struct({
  thread_id: ChatThreadId,
  participant: ChatParticipant,
  last_read_seq: Schema.Int,
  read_at: Schema.NullOr(IsoDateTime),
});
export type ChatReadCursor = typeof ChatReadCursor.Type;

/** A thread as the list shows it: whom it is with, its newest message and the reader's unread count. */
export const ChatThread = Schema.Struct({
  id: ChatThreadId,
  kind: Schema.Literals(["patient", "colleagues"]),
  patient: Schema.NullOr(Schema.Struct({ id: PatientId, name: Schema.String })),
  members: Schema.Array(ChatParticipant),
  newest_seq: Schema.Int,
  last_read_seq: Schema.Int,
  unread: Schema.Int,
  last_message: Schema.NullOr(ChatMessage),
});
export type ChatThread = typeof ChatThread.Type;
export const ChatThreadList = Schema.Array(ChatThread);

/** A page of a thread's history, oldest first; `has_earlier` offers "Load earlier messages". */
export const ChatMessagePage = Schema.Struct({
  messages: Schema.Array(ChatMessage),
  has_earlier: Schema.Boolean,
  cursors: Schema.Array(ChatReadCursor),
});
export type ChatMessagePage = typeof ChatMessagePage.Type;

export const ThreadPathParams = Schema.Struct({ thread_id: idFromUrl(ChatThreadId) });
export const MessagePathParams = Schema.Struct({ thread_id: idFromUrl(ChatThreadId), seq: positiveIntFromQuery(MessageSeq) });
export const PatientThreadPathParams = Schema.Struct({ id: idFromUrl(PatientId) });
export const AttachmentPathParams = Schema.Struct({ attachment_id: idFromUrl(ChatAttachmentId) });

/** GET …/messages/?before=<seq>: the page of history before a message (the newest page without it). */
export const HistoryQuery = Schema.Struct({ before: Schema.optional(positiveIntFromQuery(MessageSeq)) });

/** Threads list: `?search=` narrows by the patient's or a member's name. */
export const ThreadListQuery = Schema.Struct({ search: Schema.optional(boundedText(100)) });

/** A client-made id (a UUID), so that sending again after a lost answer never makes a second message. */
export const ClientMessageId = Schema.String.check(
  Schema.isPattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, { expected: "a UUID" }),
);

/** The raw text the server checks with checkMessageText (4,000 characters once cleaned; this bound only stops abuse). */
export const SendMessageBody = Schema.Struct({
  client_id: ClientMessageId,
  body: Schema.String.check(Schema.isMaxLength(CHAT_LIMITS.messageChars * 4)),
  attachment_id: Schema.optional(Schema.NullOr(ChatAttachmentId)),
});
export type SendMessageBody = typeof SendMessageBody.Type;
export const EditMessageBody = Schema.Struct({ body: Schema.String.check(Schema.isMaxLength(CHAT_LIMITS.messageChars * 4)) });
export const MESSAGE_FIELD_CODES: FieldCodes = { body: { missing: "ERROR_003" }, client_id: { missing: "ERROR_003" } };

/** A colleagues' thread: the others in it (the writer is always a member). */
export const CreateThreadBody = Schema.Struct({ member_ids: Schema.Array(UserId).check(Schema.isMaxLength(CHAT_LIMITS.groupMembers)) });

/** Reading up to a message moves the reader's cursor (never back). */
export const ReadBody = Schema.Struct({ seq: MessageSeq });

/** The stream's events: a message (new, edited or withdrawn) or someone's read cursor moving. */
export const CHAT_EVENT = { message: "message", read: "read" } as const;

/** POST slp-chat/attachments/?name=: the file's name as the person chose it (shown, never trusted for its kind). */
export const AttachmentUploadQuery = Schema.Struct({ name: boundedText(200) });
