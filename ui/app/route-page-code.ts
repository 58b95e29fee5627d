import { ACCOUNT_PAGE_CODE } from "../features/account/page-code.ts";
import { ADMINISTRATOR_PAGE_CODE } from "../features/administrators/page-code.ts";
import { BILLING_PAGE_CODE } from "../features/billing/page-code.ts";
import { EXERCISE_PAGE_CODE } from "../features/exercises/page-code.ts";
import { INSTITUTION_PAGE_CODE } from "../features/institutions/page-code.ts";
import { PATIENT_PAGE_CODE } from "../features/patients/page-code.ts";
import { SESSION_REVIEW_PAGE_CODE } from "../features/session-review/page-code.ts";
import { SLP_PAGE_CODE } from "../features/slps/page-code.ts";
import type { PageCode } from "../shell/route-page.ts";

/**
 * The lazy page module each route shows, by route id: every feature's page code (its
 * page-code.ts, the loaders its pages.tsx hands to React.lazy), merged, so both name one chunk and
 * the browser fetches it once. The signed-in area starts the arrival page's download from here as
 * soon as its own code runs (issue 23), alongside the user record, instead of after it. A route
 * without lazy code (the dashboard is inside the signed-in chunk) simply waits for its render;
 * route-page-code.test.ts fails when a lazily loaded page is missing here.
 */
export const ROUTE_PAGE_CODE: PageCode = {
  ...ACCOUNT_PAGE_CODE,
  ...ADMINISTRATOR_PAGE_CODE,
  ...BILLING_PAGE_CODE,
  ...EXERCISE_PAGE_CODE,
  ...INSTITUTION_PAGE_CODE,
  ...PATIENT_PAGE_CODE,
  ...SESSION_REVIEW_PAGE_CODE,
  ...SLP_PAGE_CODE,
};
