import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { CHAT_PAGE_CODE } from "./page-code.ts";

// The chat page is its own chunk: its machines, composer and thread views stay off the dashboard.
const ChatPage = pageChunk(() => CHAT_PAGE_CODE["slp-chat"]().then((module) => module.ChatPage), <PageChunkLoading title="SLP Chat" />);

/** The chat's page (domain/chat/routes.ts declares its route). */
export const CHAT_PAGES: RoutePages = {
  "slp-chat": {
    preload: ChatPage.preload,
    render: () => (user) => <ChatPage user={user} />,
  },
};
