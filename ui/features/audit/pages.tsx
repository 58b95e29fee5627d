import { lazy, Suspense } from "react";
import { PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { AUDIT_PAGE_CODE } from "./page-code.ts";

// The audit log is its own chunk: only administrators open it; a patient's accounting of disclosures too.
const AuditPage = lazy(() => AUDIT_PAGE_CODE.audit().then((module) => ({ default: module.AuditPage })));
const DisclosuresPage = lazy(() => AUDIT_PAGE_CODE["audit-disclosures"]().then((module) => ({ default: module.DisclosuresPage })));

/** The audit viewer's pages (domain/audit/routes.ts declares their routes). */
export const AUDIT_PAGES: RoutePages = {
  audit: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="Audit log" />}>
        <AuditPage user={user} />
      </Suspense>
    ),
  },
  "audit-disclosures": {
    render: (params) => (user) => (
      <Suspense fallback={<PageChunkLoading title="Accounting of disclosures" />}>
        <DisclosuresPage key={params["id"]} patient={PatientId.make(routeId(params["id"]) ?? 0)} user={user} />
      </Suspense>
    ),
  },
};
