import { hasPermission } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/** What the goals section offers a viewer, from the permission table alone (the server enforces the same, and the caseload). */
export type GoalAbilities = { readonly see: boolean; readonly write: boolean };

/** Goals are read with `goals` list and written with create and update (docs/permissions.md). */
export const goalAbilitiesOf = (user: SignedInViewer): GoalAbilities => {
  const holder = permissionHolderOf(user);
  return {
    see: hasPermission(holder, { resource: "goals", actions: ["list"] }),
    write: hasPermission(holder, { resource: "goals", actions: ["create"] }) && hasPermission(holder, { resource: "goals", actions: ["update"] }),
  };
};
