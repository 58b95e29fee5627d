import { pageChunk } from "../../shell/page-chunk.tsx";
import type { Institution } from "../../../domain/institutions/index.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import { isOwnInstitution } from "../../../domain/shared/navigation/route-access.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import type { CachedReader, PageParams, RoutePages } from "../../shell/route-page.ts";
import { routeUserOf } from "../../shell/route-user.ts";
import { institutionsKeys } from "./institutions-keys.ts";
import { INSTITUTION_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk: the dashboard where everyone lands does not carry them.
const InstitutionsListPage = pageChunk(() => INSTITUTION_PAGE_CODE.organizations().then((module) => module.InstitutionsListPage), <PageChunkLoading title="Institutions" />);
const InstitutionDetailPage = pageChunk(() => INSTITUTION_PAGE_CODE["organization-detail"]().then((module) => module.InstitutionDetailPage), <PageChunkLoading title="Institution" />);
const InstitutionCreatePage = pageChunk(() => INSTITUTION_PAGE_CODE["create-organization"]().then((module) => module.InstitutionCreatePage), <PageChunkLoading title="New institution" />);

// The institution's name for the breadcrumb: from its record once cached, else the user's own
// institution's name from their record.
const nameOf = (params: PageParams, user: CurrentUser | undefined, cached: CachedReader): string | undefined => {
  const id = routeId(params["organizationId"]);
  if (id === null) return undefined;
  const record = cached<Institution>(institutionsKeys.detail(id));
  if (record !== undefined) return record.name;
  return user !== undefined && isOwnInstitution(routeUserOf(user), id) ? user.institution?.name : undefined;
};

/** The institutions pages (domain/institutions/routes.ts declares their routes). */
export const INSTITUTION_PAGES: RoutePages = {
  organizations: {
    preload: InstitutionsListPage.preload,
    render: () => (user) => <InstitutionsListPage user={user} />,
  },
  "organization-detail": {
    facts: (params, user, cached) => ({ institutionName: nameOf(params, user, cached) ?? null }),
    preload: InstitutionDetailPage.preload,
    render: (params) => (user) => <InstitutionDetailPage key={params["organizationId"]} id={InstitutionId.make(routeId(params["organizationId"]) ?? 0)} user={user} />,
  },
  "create-organization": {
    preload: InstitutionCreatePage.preload,
    render: () => <InstitutionCreatePage />,
  },
};
