import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { BILLING_PAGE_CODE } from "./page-code.ts";

// The /rtm page is its own chunk, so the dashboard where everyone lands does not carry it.
const RtmPage = lazy(() => BILLING_PAGE_CODE.billing().then((module) => ({ default: module.RtmPage })));
const MonthEndPage = lazy(() => BILLING_PAGE_CODE["billing-month-end"]().then((module) => ({ default: module.MonthEndPage })));

/** The billing pages (domain/billing/routes.ts declares their routes). */
export const BILLING_PAGES: RoutePages = {
  billing: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Billing" />}>
        <RtmPage user={user} />
      </Suspense>
    ),
  },
  "billing-month-end": {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Month-end" />}>
        <MonthEndPage user={user} />
      </Suspense>
    ),
  },
};
