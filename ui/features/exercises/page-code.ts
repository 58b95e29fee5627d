import type { PageCode } from "../../shell/route-page.ts";

/**
 * The exercises pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const EXERCISE_PAGE_CODE = {
  exercises: () => import("./exercises-page-by-role.tsx"),
  "create-assign": () => import("./assign-page.tsx"),
} satisfies PageCode;
