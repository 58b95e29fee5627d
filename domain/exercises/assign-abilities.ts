import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import { ROLE } from "../shared/roles.ts";

/** What the exercises pages and the assign page offer beyond picking doses (docs/exercises-api.md says who may list and create templates). */
export type AssignAbilities = {
  /** Selecting games on /exercises and /templates for /create/assign/ (game assign). */
  readonly assignGames: boolean;
  /** Institution and staff admins read their institution's templates and may assign one as saved. */
  readonly fromTemplate: boolean;
  /** Those who may create templates (institution and super admins) may keep these forms as one. */
  readonly saveAsTemplate: boolean;
};

export const assignAbilities = (holder: PermissionHolder): AssignAbilities => ({
  assignGames: hasPermission(holder, { resource: "game", actions: ["assignGame"] }),
  fromTemplate: holder.role === ROLE.institutionAdmin || holder.role === ROLE.staffAdmin,
  saveAsTemplate: hasPermission(holder, { resource: "game", actions: ["create"] }),
});

/** What the exercise pages offer the signed-in user. */
export const assignAbilitiesOf = (user: SignedInViewer): AssignAbilities => assignAbilities(permissionHolderOf(user));
