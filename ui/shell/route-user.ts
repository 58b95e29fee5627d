import type { RouteUser } from "../../domain/shared/navigation/route-declaration.ts";
import { toClientPermissions } from "../../domain/shared/permissions/client-permissions.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";

/** The signed-in user's record as route checks read it. */
export const routeUserOf = (user: CurrentUser): RouteUser => ({
  permissions: toClientPermissions(user.permissions),
  role: user.role.code_name,
  institutionId: user.institution?.id ?? null,
});
