import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { isOwnInstitution } from "../../../domain/shared/navigation/route-access.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { PageParams, RoutePages } from "../../shell/route-page.ts";
import { SectionPage } from "../../shell/section-page.tsx";
import { routeUserOf } from "../../shell/route-user.ts";

// The user's own institution is named from their record; any other waits for its page.
const ownName = (params: PageParams, user: CurrentUser | undefined): string | undefined =>
  user !== undefined && isOwnInstitution(routeUserOf(user), routeId(params.organizationId)) ? user.institution?.name : undefined;

/** Institution pages (domain/institutions/routes.ts declares their routes); the others are not built yet. */
export const INSTITUTION_PAGES: RoutePages = {
  "organization-detail": {
    facts: (params, user) => ({ institutionName: ownName(params, user) ?? null }),
    render: (params) => (user: CurrentUser) => <SectionPage title={ownName(params, user) ?? "Institution"} />,
  },
};
