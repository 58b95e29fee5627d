import { lazy, Suspense } from "react";
import type { RoutePages } from "../../shell/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { StaffMember } from "../../../domain/slps/index.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { slpsKeys } from "./slps-keys.ts";
import { SLP_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk, so the dashboard where everyone lands does not carry them.
const StaffListPage = lazy(() => SLP_PAGE_CODE.staff().then((module) => ({ default: module.StaffListPage })));
const StaffCreatePage = lazy(() => SLP_PAGE_CODE["create-staff"]().then((module) => ({ default: module.StaffCreatePage })));
const StaffDetailPage = lazy(() => SLP_PAGE_CODE["staff-detail"]().then((module) => ({ default: module.StaffDetailPage })));

/** The SLPs pages (domain/slps/routes.ts declares their routes). */
export const SLP_PAGES: RoutePages = {
  staff: {
    render: () => (user) => (
      <Suspense fallback={<PageChunkLoading title="SLPs" />}>
        <StaffListPage user={user} />
      </Suspense>
    ),
  },
  "create-staff": {
    render: () => (
      <Suspense fallback={<PageChunkLoading title="New SLP" />}>
        <StaffCreatePage />
      </Suspense>
    ),
  },
  "staff-detail": {
    render: (params) => (user) => (
      <Suspense fallback={<PageChunkLoading title="SLP" />}>
        <StaffDetailPage key={params["id"]} id={params["id"]} user={user} />
      </Suspense>
    ),
    // The breadcrumb names the SLP once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["id"]);
      const member = id === null ? undefined : cached<StaffMember>(slpsKeys.detail(id));
      return member === undefined ? {} : { staffMember: { firstName: member.first_name, lastName: member.last_name } };
    },
  },
};
