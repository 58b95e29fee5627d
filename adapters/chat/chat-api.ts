import {
  listThreadsEndpoint,
  patientThreadEndpoint,
  readThreadEndpoint,
  sendMessageEndpoint,
  threadMessagesEndpoint,
  withdrawMessageEndpoint,
  editMessageEndpoint,
  uploadAttachmentEndpoint,
  downloadAttachmentEndpoint,
} from "../../domain/chat/chat-endpoints.ts";
import {
  ChatAttachment,
  type ChatAttachmentId,
  type ChatMessage,
  type ChatMessagePage,
  type ChatReadCursor,
  type ChatThread,
  type ChatThreadId,
  type SendMessageBody,
} from "../../domain/chat/chat-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import { decodeLenient } from "../../domain/shared/wire/decode.ts";
import { fillPath } from "../../domain/shared/wire/endpoint.ts";
import { failureFromHttp, malformedResponseFailure, networkFailure } from "../shared/api-failure.ts";
import { type ApiClient, UNAUTHORIZED } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// The SLP chat's calls (issue 34; docs/chat.md), each the call of its endpoint declared in
// domain/chat/chat-endpoints.ts, plus the attachment upload, which is no JSON call: it sends the
// file's bytes and reports their progress, which fetch cannot do, so it goes through XMLHttpRequest,
// and the download, which answers the file's bytes.


/** How far an upload has come, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/** The chat's calls; each rejects with an ApiFailure. */
export type ChatApi = {
  readonly listThreads: (search: string, signal?: AbortSignal) => Promise<readonly ChatThread[]>;
  readonly patientThread: (patientId: PatientId, signal?: AbortSignal) => Promise<ChatThread>;
  /** A page of history, oldest first: the newest page without `before`, else the page before that sequence. */
  readonly history: (threadId: ChatThreadId, before: number | undefined, signal?: AbortSignal) => Promise<ChatMessagePage>;
  readonly send: (threadId: ChatThreadId, body: SendMessageBody, signal?: AbortSignal) => Promise<ChatMessage>;
  readonly edit: (threadId: ChatThreadId, seq: number, body: string) => Promise<ChatMessage>;
  readonly withdraw: (threadId: ChatThreadId, seq: number) => Promise<ChatMessage>;
  readonly markRead: (threadId: ChatThreadId, seq: number, signal?: AbortSignal) => Promise<ChatReadCursor>;
  readonly uploadAttachment: (file: File, onProgress: UploadProgress, signal?: AbortSignal) => Promise<ChatAttachment>;
  /** An attachment's bytes, fetched with the session's headers (a token never goes in a URL). */
  readonly download: (attachmentId: ChatAttachmentId, signal?: AbortSignal) => Promise<Blob>;
};

const decodeAttachment = decodeLenient(ChatAttachment);

/** The upload over XMLHttpRequest, whose `upload.onprogress` is the only way a browser reports bytes sent. */
const upload = (client: ApiClient, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<ChatAttachment> =>
  new Promise((resolve, reject) => {
    const { url, headers } = client.raw(`${uploadAttachmentEndpoint.path}?${new URLSearchParams({ name: file.name }).toString()}`);
    const request = new XMLHttpRequest();
    request.open("POST", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader("Accept", "application/json");
    // Raw bytes whatever the file claims to be: the name (in ?name=) only labels the file for
    // people, and the server judges its kind by its first bytes.
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(networkFailure());
    request.onabort = () => reject(signal?.reason ?? networkFailure());
    request.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = undefined;
      }
      if (request.status < 200 || request.status >= 300) return reject(failureFromHttp(request.status, data));
      const decoded = decodeAttachment(data);
      return decoded.ok ? resolve(decoded.value) : reject(malformedResponseFailure(request.status));
    };
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });

/**
 * The file as the server sends it; a refusal reads as any call's failure (its JSON body, else its
 * status). An expired token gets the JSON calls' rule: the session's one refresh, then one retry.
 */
const download = async (client: ApiClient, attachmentId: ChatAttachmentId, signal?: AbortSignal, retried = false): Promise<Blob> => {
  const { url, headers, fetch, unauthorized } = client.raw(fillPath(downloadAttachmentEndpoint.path, { attachment_id: attachmentId }));
  let response: Response;
  try {
    response = await fetch(url, { headers, cache: "no-store", signal });
    if (response.ok) return await response.blob();
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason ?? error;
    throw networkFailure();
  }
  if (response.status === UNAUTHORIZED && !retried && (await unauthorized()) === "refreshed") return download(client, attachmentId, signal, true);
  throw failureFromHttp(response.status, await response.json().catch(() => undefined));
};

/** The chat's calls on the given client (Bearer). */
export const createChatApi = (client: ApiClient): ChatApi => ({
  listThreads: (search, signal) => client.call(listThreadsEndpoint, { query: search === "" ? {} : { search }, signal }),
  patientThread: (id, signal) => client.call(patientThreadEndpoint, { params: { id }, signal }),
  history: (thread_id, before, signal) => client.call(threadMessagesEndpoint, { params: { thread_id }, query: before === undefined ? {} : { before }, signal }),
  send: (thread_id, body, signal) => client.call(sendMessageEndpoint, { params: { thread_id }, body, signal }),
  edit: (thread_id, seq, body) => client.call(editMessageEndpoint, { params: { thread_id, seq }, body: { body } }),
  withdraw: (thread_id, seq) => client.call(withdrawMessageEndpoint, { params: { thread_id, seq } }),
  markRead: (thread_id, seq, signal) => client.call(readThreadEndpoint, { params: { thread_id }, body: { seq }, signal }),
  uploadAttachment: (file, onProgress, signal) => upload(client, file, onProgress, signal),
  download: (attachmentId, signal) => download(client, attachmentId, signal),
});

/** The chat's calls of the app's client, made once, from the lazy signed-in pages. */
export const chatApiOf = perClient(createChatApi);
