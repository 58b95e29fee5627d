import type { PageCode } from "../../shell/route-page.ts";

/**
 * The audit log page's code, its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches it ahead on arrival, so both name one chunk, written once.
 * A patient's accounting of disclosures is its own chunk too (opened from the patient's record).
 */
export const AUDIT_PAGE_CODE = {
  audit: () => import("./audit-page.tsx"),
  "audit-disclosures": () => import("./disclosures-page.tsx"),
} satisfies PageCode;
