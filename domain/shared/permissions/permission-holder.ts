import type { ClientPermissions } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";
import type { CurrentUser } from "../wire/user.ts";
import { toClientPermissions } from "./client-permissions.ts";

/** What of the signed-in user's record the permission checks read. */
export type SignedInViewer = Pick<CurrentUser, "permissions" | "role">;

/**
 * The signed-in user as every permission check reads them: the record's server actions translated
 * to client actions, and the role code. Each feature's `…AbilitiesOf(user)` starts here, so no
 * page assembles a holder of its own.
 */
export const permissionHolderOf = (user: SignedInViewer): { readonly permissions: ClientPermissions; readonly role: RoleCode } => ({
  permissions: toClientPermissions(user.permissions),
  role: user.role.code_name,
});
