import type { PageCode } from "../../shell/route-page.ts";

/**
 * The chat page's code, its own chunk: pages.tsx hands it to React.lazy and ui/app/feature-pages.ts
 * fetches it ahead on arrival, so both name one chunk, written once.
 */
export const CHAT_PAGE_CODE = {
  "slp-chat": () => import("./chat-page.tsx"),
} satisfies PageCode;
