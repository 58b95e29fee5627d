// The SLP chat's server side (issue 34, docs/chat-api.md): threads, messages, attachments, the live stream.
export { registerChatRoutes } from "./register-chat-routes.ts";
export { type ChatBus, inProcessChatBus } from "./chat-bus.ts";
export { pgChatBus } from "./pg-chat-bus.ts";
export type { StreamOptions } from "./chat-stream.ts";
export { startUnreadReminderPass } from "./unread-reminder-pass.ts";
