import { ACCOUNT_PAGE_CODE } from "../features/account/page-code.ts";
import { ACCOUNT_PAGES } from "../features/account/pages.tsx";
import { ADMINISTRATOR_PAGE_CODE } from "../features/administrators/page-code.ts";
import { ADMINISTRATOR_PAGES } from "../features/administrators/pages.tsx";
import { AUDIT_PAGE_CODE } from "../features/audit/page-code.ts";
import { AUDIT_PAGES } from "../features/audit/pages.tsx";
import { BILLING_PAGE_CODE } from "../features/billing/page-code.ts";
import { BILLING_PAGES } from "../features/billing/pages.tsx";
import { CHAT_PAGE_CODE } from "../features/chat/page-code.ts";
import { CHAT_PAGES } from "../features/chat/pages.tsx";
import { DASHBOARD_PAGES } from "../features/dashboard/pages.tsx";
import { EXERCISE_PAGE_CODE } from "../features/exercises/page-code.ts";
import { EXERCISE_PAGES } from "../features/exercises/pages.tsx";
import { INSTITUTION_PAGE_CODE } from "../features/institutions/page-code.ts";
import { INSTITUTION_PAGES } from "../features/institutions/pages.tsx";
import { PATIENT_PAGE_CODE } from "../features/patients/page-code.ts";
import { PATIENT_PAGES } from "../features/patients/pages.tsx";
import { SESSION_REVIEW_PAGE_CODE } from "../features/session-review/page-code.ts";
import { SESSION_REVIEW_PAGES } from "../features/session-review/pages.tsx";
import { SLP_PAGE_CODE } from "../features/slps/page-code.ts";
import { SLP_PAGES } from "../features/slps/pages.tsx";
import type { PageCode, RoutePages } from "../shell/route-page.ts";

/** What one feature hands the app: its pages by route id and the lazy modules they render. */
type FeaturePages = { readonly pages: RoutePages; readonly code: PageCode };

/**
 * Every feature with pages, listed once (issue 33: the pages and the page-code tables were two
 * hand-kept lists of the same features). The dashboard's page is inside the signed-in chunk, so it
 * has no lazy code of its own.
 */
const FEATURES: readonly FeaturePages[] = [
  { pages: DASHBOARD_PAGES, code: {} },
  { pages: PATIENT_PAGES, code: PATIENT_PAGE_CODE },
  { pages: SESSION_REVIEW_PAGES, code: SESSION_REVIEW_PAGE_CODE },
  { pages: SLP_PAGES, code: SLP_PAGE_CODE },
  { pages: INSTITUTION_PAGES, code: INSTITUTION_PAGE_CODE },
  { pages: ADMINISTRATOR_PAGES, code: ADMINISTRATOR_PAGE_CODE },
  { pages: EXERCISE_PAGES, code: EXERCISE_PAGE_CODE },
  { pages: ACCOUNT_PAGES, code: ACCOUNT_PAGE_CODE },
  { pages: BILLING_PAGES, code: BILLING_PAGE_CODE },
  { pages: CHAT_PAGES, code: CHAT_PAGE_CODE },
  { pages: AUDIT_PAGES, code: AUDIT_PAGE_CODE },
];

/** Each feature's pages by route id; a declared route without one shows its section page. */
export const PAGES: RoutePages = Object.assign({}, ...FEATURES.map((feature) => feature.pages));

/**
 * The lazy page module each route shows, by route id, merged from the features' page-code.ts, so
 * pageChunk and the arrival prefetch name one chunk and the browser fetches it once. The
 * signed-in area starts the arrival page's download from here as soon as its own code runs (issue
 * 23), alongside the user record, instead of after it; feature-pages.test.ts fails when a lazily
 * loaded page is missing here.
 */
export const ROUTE_PAGE_CODE: PageCode = Object.assign({}, ...FEATURES.map((feature) => feature.code));
