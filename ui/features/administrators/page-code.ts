import type { PageCode } from "../../shell/route-page.ts";

/**
 * The administrators pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const ADMINISTRATOR_PAGE_CODE = {
  admins: () => import("./administrators-list-page.tsx"),
  "admin-detail": () => import("./administrator-detail-page.tsx"),
  "create-admin": () => import("./administrator-create-page.tsx"),
} satisfies PageCode;
