import { endpoint } from "../shared/wire/endpoint.ts";
import {
  AttachmentPathParams,
  AttachmentUploadQuery,
  ChatAttachment,
  ChatMessage,
  ChatMessagePage,
  ChatReadCursor,
  ChatThread,
  ChatThreadList,
  CreateThreadBody,
  EditMessageBody,
  HistoryQuery,
  MESSAGE_FIELD_CODES,
  MessagePathParams,
  PatientThreadPathParams,
  ReadBody,
  SendMessageBody,
  ThreadListQuery,
  ThreadPathParams,
} from "./chat-wire.ts";

// The SLP chat's calls (issue 34; docs/chat-api.md), declared once for the server's routes and the
// adapter's calls. Permission `slp_chat` list for every one; each thread is checked with
// mayOpenThread, and a thread outside it reads as not found (404 ERROR_030). The stream
// (GET slp-chat/stream/) and the attachment upload and download are not JSON calls: their routes
// are written beside these in the server.

/** GET slp-chat/threads/: the reader's threads, newest activity first, with unread counts. */
export const listThreadsEndpoint = endpoint({ method: "GET", path: "/api/slp-chat/threads/", query: ThreadListQuery, answer: ChatThreadList });

/** POST slp-chat/threads/: a colleagues' thread with the writer and the members named. */
export const createThreadEndpoint = endpoint({ method: "POST", path: "/api/slp-chat/threads/", body: CreateThreadBody, answer: ChatThread });

/** PUT slp-chat/patients/{id}/thread/: the patient's thread, made on first use (the record's "Message"). */
export const patientThreadEndpoint = endpoint({ method: "PUT", path: "/api/slp-chat/patients/:id/thread/", params: PatientThreadPathParams, answer: ChatThread });

/** GET slp-chat/threads/{thread_id}/messages/?before=: a page of history, oldest first, with everyone's cursor. */
export const threadMessagesEndpoint = endpoint({
  method: "GET",
  path: "/api/slp-chat/threads/:thread_id/messages/",
  params: ThreadPathParams,
  query: HistoryQuery,
  answer: ChatMessagePage,
});

/** POST slp-chat/threads/{thread_id}/messages/: send; 201 the first time, 200 with the same message for a repeat of its client_id. */
export const sendMessageEndpoint = endpoint({
  method: "POST",
  path: "/api/slp-chat/threads/:thread_id/messages/",
  params: ThreadPathParams,
  body: SendMessageBody,
  bodyCodes: MESSAGE_FIELD_CODES,
  answer: ChatMessage,
});

/** PATCH slp-chat/threads/{thread_id}/messages/{seq}/: the author's new revision of their message. */
export const editMessageEndpoint = endpoint({
  method: "PATCH",
  path: "/api/slp-chat/threads/:thread_id/messages/:seq/",
  params: MessagePathParams,
  body: EditMessageBody,
  bodyCodes: MESSAGE_FIELD_CODES,
  answer: ChatMessage,
});

/** DELETE slp-chat/threads/{thread_id}/messages/{seq}/: the author withdraws their message; a marker stays. */
export const withdrawMessageEndpoint = endpoint({ method: "DELETE", path: "/api/slp-chat/threads/:thread_id/messages/:seq/", params: MessagePathParams, answer: ChatMessage });

/** PUT slp-chat/threads/{thread_id}/read/: the reader has seen up to `seq`; the cursor never moves back. */
export const readThreadEndpoint = endpoint({ method: "PUT", path: "/api/slp-chat/threads/:thread_id/read/", params: ThreadPathParams, body: ReadBody, answer: ChatReadCursor });

// The calls that are not JSON: the stream of server-sent events (authenticated like every call,
// `Last-Event-ID` replays from the table) and the attachments (raw bytes up, the file down).

/** GET slp-chat/stream/: the caller's events (text/event-stream), each message's id its stream_seq. */
export const chatStreamEndpoint = endpoint({ method: "GET", path: "/api/slp-chat/stream/" });

/** POST slp-chat/attachments/?name=: the file's bytes (application/octet-stream), checked by its first bytes; 201 with the attachment to send. */
export const uploadAttachmentEndpoint = endpoint({ method: "POST", path: "/api/slp-chat/attachments/", query: AttachmentUploadQuery, answer: ChatAttachment });

/** GET slp-chat/attachments/{attachment_id}/: the file, to whoever may open its message's thread (or its uploader before it is sent). */
export const downloadAttachmentEndpoint = endpoint({ method: "GET", path: "/api/slp-chat/attachments/:attachment_id/", params: AttachmentPathParams });

// The patient's side (the patients' app, `Authorization: Device <token>`): the same calls for the
// patient's own thread, which the server finds from the device.

/** GET mobile/chat/messages/?before=: a page of the patient's thread. */
export const deviceMessagesEndpoint = endpoint({ method: "GET", path: "/api/mobile/chat/messages/", query: HistoryQuery, answer: ChatMessagePage });

/** POST mobile/chat/messages/: the patient sends; 201, or 200 with the stored message for a repeat of its client_id. */
export const deviceSendEndpoint = endpoint({ method: "POST", path: "/api/mobile/chat/messages/", body: SendMessageBody, bodyCodes: MESSAGE_FIELD_CODES, answer: ChatMessage });

/** PUT mobile/chat/read/: the patient has read up to `seq`. */
export const deviceReadEndpoint = endpoint({ method: "PUT", path: "/api/mobile/chat/read/", body: ReadBody, answer: ChatReadCursor });

/** GET mobile/chat/stream/: the patient's events; closed within seconds once the device is revoked. */
export const deviceStreamEndpoint = endpoint({ method: "GET", path: "/api/mobile/chat/stream/" });
