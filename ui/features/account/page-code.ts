import type { PageCode } from "../../shell/route-page.ts";

/**
 * The Settings page's code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const ACCOUNT_PAGE_CODE = {
  settings: () => import("./settings-page.tsx"),
} satisfies PageCode;
