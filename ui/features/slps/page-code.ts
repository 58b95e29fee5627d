import type { PageCode } from "../../shell/route-page.ts";

/**
 * The SLPs pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const SLP_PAGE_CODE = {
  staff: () => import("./staff-list-page.tsx"),
  "create-staff": () => import("./staff-create-page.tsx"),
  "staff-detail": () => import("./staff-detail-page.tsx"),
} satisfies PageCode;
