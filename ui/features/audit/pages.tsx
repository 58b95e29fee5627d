import { pageChunk } from "../../shell/page-chunk.tsx";
import { PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { RoutePages } from "../../shell/route-page.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { AUDIT_PAGE_CODE } from "./page-code.ts";

// The audit log is its own chunk: only administrators open it; a patient's accounting of disclosures too.
const AuditPage = pageChunk(() => AUDIT_PAGE_CODE.audit().then((module) => module.AuditPage), <PageChunkLoading title="Audit log" />);
const DisclosuresPage = pageChunk(() => AUDIT_PAGE_CODE["audit-disclosures"]().then((module) => module.DisclosuresPage), <PageChunkLoading title="Accounting of disclosures" />);

/** The audit viewer's pages (domain/audit/routes.ts declares their routes). */
export const AUDIT_PAGES: RoutePages = {
  audit: {
    preload: AuditPage.preload,
    render: () => (user) => <AuditPage user={user} />,
  },
  "audit-disclosures": {
    preload: DisclosuresPage.preload,
    render: (params) => (user) => <DisclosuresPage key={params["id"]} patient={PatientId.make(routeId(params["id"]) ?? 0)} user={user} />,
  },
};
