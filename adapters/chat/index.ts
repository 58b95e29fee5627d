// What the chat's UI may use of its adapter (issue 34; docs/chat.md).
export { chatApiOf, createChatApi, type ChatApi, type UploadProgress } from "./chat-api.ts";
export { CHAT_STREAM_PATH, openChatStream, reconnectDelayMs, type ChatStream, type ChatStreamEvent } from "./chat-stream.ts";
export { shareChatStream, type SharedChatStream, type StreamSharingPorts } from "./chat-stream-sharing.ts";
