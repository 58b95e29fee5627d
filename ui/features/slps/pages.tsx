import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { slpsKeys } from "./slps-keys.ts";
import { SLP_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk, so the dashboard where everyone lands does not carry them.
const StaffListPage = pageChunk(() => SLP_PAGE_CODE.staff().then((module) => module.StaffListPage), <PageChunkLoading title="SLPs" />);
const StaffCreatePage = pageChunk(() => SLP_PAGE_CODE["create-staff"]().then((module) => module.StaffCreatePage), <PageChunkLoading title="New SLP" />);
const StaffDetailPage = pageChunk(() => SLP_PAGE_CODE["staff-detail"]().then((module) => module.StaffDetailPage), <PageChunkLoading title="SLP" />);

/** The SLPs pages (domain/slps/routes.ts declares their routes). */
export const SLP_PAGES: RoutePages = {
  staff: {
    preload: StaffListPage.preload,
    render: () => (user) => <StaffListPage user={user} />,
  },
  "create-staff": {
    preload: StaffCreatePage.preload,
    render: () => <StaffCreatePage />,
  },
  "staff-detail": {
    preload: StaffDetailPage.preload,
    render: (params) => (user) => <StaffDetailPage key={params["id"]} id={params["id"]} user={user} />,
    // The breadcrumb names the SLP once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["id"]);
      const member = id === null ? undefined : cached<StaffMember>(slpsKeys.detail(id));
      return member === undefined ? {} : { staffMember: { firstName: member.first_name, lastName: member.last_name } };
    },
  },
};
