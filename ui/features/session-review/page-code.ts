import type { PageCode } from "../../shell/route-page.ts";

/**
 * The session-review pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const SESSION_REVIEW_PAGE_CODE = {
  "exercise-overview": () => import("./exercise-overview-page.tsx"),
  "session-detail": () => import("./session-detail-page.tsx"),
} satisfies PageCode;
