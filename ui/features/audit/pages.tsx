import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { AUDIT_PAGE_CODE } from "./page-code.ts";

// The audit log is its own chunk: only administrators open it.
const AuditPage = lazy(() => AUDIT_PAGE_CODE.audit().then((module) => ({ default: module.AuditPage })));

/** The audit viewer's page (domain/audit/routes.ts declares its route). */
export const AUDIT_PAGES: RoutePages = {
  audit: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Audit log" />}>
        <AuditPage user={user} />
      </Suspense>
    ),
  },
};
