import type { RouteUser } from "../../domain/shared/navigation/route-declaration.ts";
import { permissionHolderOf } from "../../domain/shared/permissions/permission-holder.ts";
import type { CurrentUser } from "../../domain/shared/wire/user.ts";

/** The signed-in user's record as route checks read it. */
export const routeUserOf = (user: CurrentUser): RouteUser => ({
  ...permissionHolderOf(user),
  institutionId: user.institution?.id ?? null,
});
