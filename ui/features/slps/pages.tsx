import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { StatusMessage } from "../../kit/status-message.tsx";

const StaffDetailPage = lazy(() => import("./staff-detail-page.tsx").then((module) => ({ default: module.StaffDetailPage })));

/** The SLPs pages built so far (domain/slps/routes.ts declares their routes). */
export const SLP_PAGES: RoutePages = {
  "staff-detail": {
    render: (params) => (
      <Suspense
        fallback={
          <>
            <h1>SLP</h1>
            <StatusMessage busy>Loading this page…</StatusMessage>
          </>
        }
      >
        <StaffDetailPage id={params["id"]} />
      </Suspense>
    ),
  },
};
