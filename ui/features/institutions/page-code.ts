import type { PageCode } from "../../shell/route-page.ts";

/**
 * The institutions pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const INSTITUTION_PAGE_CODE = {
  organizations: () => import("./institutions-list-page.tsx"),
  "organization-detail": () => import("./institution-detail-page.tsx"),
  "create-organization": () => import("./institution-create-page.tsx"),
} satisfies PageCode;
