import { pageChunk } from "../../shell/page-chunk.tsx";
import type { Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { AdministratorId, InstitutionId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { administratorsKeys } from "./administrators-keys.ts";
import { ADMINISTRATOR_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk: the dashboard where everyone lands does not carry them.
const AdministratorsListPage = pageChunk(() => ADMINISTRATOR_PAGE_CODE.admins().then((module) => module.AdministratorsListPage), <PageChunkLoading title="Admins" />);
const AdministratorDetailPage = pageChunk(() => ADMINISTRATOR_PAGE_CODE["admin-detail"]().then((module) => module.AdministratorDetailPage), <PageChunkLoading title="Administrator" />);
const AdministratorCreatePage = pageChunk(() => ADMINISTRATOR_PAGE_CODE["create-admin"]().then((module) => module.AdministratorCreatePage), <PageChunkLoading title="New administrator" />);

/** The administrators pages (domain/administrators/routes.ts declares their routes). */
export const ADMINISTRATOR_PAGES: RoutePages = {
  admins: {
    preload: AdministratorsListPage.preload,
    render: () => (user) => <AdministratorsListPage user={user} />,
  },
  "admin-detail": {
    preload: AdministratorDetailPage.preload,
    render: (params) => (user) => <AdministratorDetailPage key={params["adminId"]} id={AdministratorId.make(routeId(params["adminId"]) ?? 0)} user={user} />,
    // The breadcrumb names the administrator once their record is in the cache.
    facts: (params, _user, cached) => {
      const id = routeId(params["adminId"]);
      const administrator = id === null ? undefined : cached<Administrator>(administratorsKeys.detail(id));
      return administrator === undefined ? {} : { admin: { firstName: administrator.first_name, lastName: administrator.last_name } };
    },
  },
  "create-admin": {
    preload: AdministratorCreatePage.preload,
    render: (params) => (user) => <AdministratorCreatePage key={params["organizationId"]} institutionId={InstitutionId.make(routeId(params["organizationId"]) ?? 0)} user={user} />,
  },
};
