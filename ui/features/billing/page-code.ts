import type { PageCode } from "../../shell/route-page.ts";

/**
 * The billing pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const BILLING_PAGE_CODE = {
  billing: () => import("./rtm-page.tsx"),
  "billing-month-end": () => import("./month-end-page.tsx"),
} satisfies PageCode;
