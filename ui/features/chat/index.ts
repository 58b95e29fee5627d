// What the app may use of the chat's UI (issue 34): its live part, which keeps the browser's one
// stream, the sidebar's unread badge and the title's count.
export { ChatLive } from "./chat-live.tsx";
