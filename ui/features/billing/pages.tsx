import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { BILLING_PAGE_CODE } from "./page-code.ts";

// The /rtm page is its own chunk, so the dashboard where everyone lands does not carry it.
const RtmPage = pageChunk(() => BILLING_PAGE_CODE.billing().then((module) => module.RtmPage), <PageChunkLoading title="Billing" />);
const MonthEndPage = pageChunk(() => BILLING_PAGE_CODE["billing-month-end"]().then((module) => module.MonthEndPage), <PageChunkLoading title="Month-end" />);

/** The billing pages (domain/billing/routes.ts declares their routes). */
export const BILLING_PAGES: RoutePages = {
  billing: {
    preload: RtmPage.preload,
    render: () => (user) => <RtmPage user={user} />,
  },
  "billing-month-end": {
    preload: MonthEndPage.preload,
    render: () => (user) => <MonthEndPage user={user} />,
  },
};
