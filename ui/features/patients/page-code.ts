import type { PageCode } from "../../shell/route-page.ts";

/**
 * The patients pages' code by route id, each its own chunk: pages.tsx hands it to React.lazy and
 * ui/app/feature-pages.ts fetches the arrival page's ahead, so both name one chunk, written once.
 */
export const PATIENT_PAGE_CODE = {
  patients: () => import("./patients-list-page.tsx"),
  "create-patient": () => import("./patient-create-page.tsx"),
  "patient-detail": () => import("./patient-detail-page.tsx"),
} satisfies PageCode;
