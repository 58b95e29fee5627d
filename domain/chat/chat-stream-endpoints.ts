// The chat's two calls that are not JSON calls (issue 34), named once here for the lint's
// one-path rule: the live stream and the attachment upload. The server's routes for them are
// written by hand beside the declared ones (chat-endpoints.ts); the UI's adapter uses these.
// If the server declares them elsewhere, one of the two should go (docs/chat.md, "Open points").

/** GET: the server-sent events of the reader's threads (Bearer header; `Last-Event-ID` to resume). */
export const CHAT_STREAM_PATH = "/api/slp-chat/stream/";

/** POST: an attachment's bytes (Content-Type the file's, `X-File-Name` its name); answers a ChatAttachment. */
export const CHAT_ATTACHMENT_UPLOAD_PATH = "/api/slp-chat/attachments/";
