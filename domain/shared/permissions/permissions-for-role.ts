import { RESOURCES, type Resource, type ServerAction, type ServerPermissions } from "../permission-vocabulary.ts";
import type { RoleCode } from "../roles.ts";
import { ROLE_PERMISSIONS } from "./role-permissions.ts";

/** The permissions map written on a user's record is the role's row of the table, so record and server never disagree. */
export const permissionsForRole = (role: RoleCode): ServerPermissions => {
  const record: Partial<Record<Resource, readonly ServerAction[]>> = {};
  for (const resource of RESOURCES) {
    const actions = ROLE_PERMISSIONS[role][resource];
    // A copy: a caller that edits its record must not change what the server enforces.
    if (actions !== undefined) record[resource] = [...actions];
  }
  return record;
};
