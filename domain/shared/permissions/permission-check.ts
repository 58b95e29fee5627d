import type { ClientAction, ClientPermissions, Resource } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";

/** Who is asking: their translated permissions and their role (unknown while the profile loads). */
export type PermissionHolder = {
  readonly permissions: ClientPermissions;
  readonly role: RoleCode | undefined;
};

/** What is asked: every listed action on the resource, unless the holder's role is one of `roles`. */
export type PermissionRequest = {
  readonly resource: Resource;
  readonly actions: readonly ClientAction[];
  readonly roles?: RoleCode | readonly RoleCode[];
};

const roleMatches = (role: RoleCode | undefined, roles: RoleCode | readonly RoleCode[] | undefined): boolean => {
  if (role === undefined || roles === undefined) return false;
  return typeof roles === "string" ? roles === role : roles.includes(role);
};

/** A user may act when they hold every requested action on the resource, or their role is one the screen names; asking for nothing grants nothing. */
export const hasPermission = (holder: PermissionHolder, request: PermissionRequest): boolean => {
  if (roleMatches(holder.role, request.roles)) return true;
  const granted = holder.permissions[request.resource] ?? [];
  return request.actions.length > 0 && request.actions.every((action) => granted.includes(action));
};

/** A user may see a resource's screens when they may list it or open one of its records. */
export const canListOrRetrieve = (permissions: ClientPermissions, resource: Resource): boolean => {
  const granted = permissions[resource] ?? [];
  return granted.includes("list") || granted.includes("retrieve");
};
