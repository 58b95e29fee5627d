import { ACCOUNT_PAGES } from "../features/account/pages.tsx";
import { ADMINISTRATOR_PAGES } from "../features/administrators/pages.tsx";
import { BILLING_PAGES } from "../features/billing/pages.tsx";
import { DASHBOARD_PAGES } from "../features/dashboard/pages.tsx";
import { EXERCISE_PAGES } from "../features/exercises/pages.tsx";
import { INSTITUTION_PAGES } from "../features/institutions/pages.tsx";
import { PATIENT_PAGES } from "../features/patients/pages.tsx";
import { SESSION_REVIEW_PAGES } from "../features/session-review/pages.tsx";
import { SLP_PAGES } from "../features/slps/pages.tsx";
import type { RoutePages } from "../shell/route-page.ts";

/**
 * Each feature's pages by route id; a declared route without one shows its section page. Apart
 * from signed-in-routes.tsx so route-page-code.test.ts can check every lazy page against the page
 * code table.
 */
export const PAGES: RoutePages = { ...DASHBOARD_PAGES, ...PATIENT_PAGES, ...SESSION_REVIEW_PAGES, ...SLP_PAGES, ...INSTITUTION_PAGES, ...ADMINISTRATOR_PAGES, ...EXERCISE_PAGES, ...ACCOUNT_PAGES, ...BILLING_PAGES };
