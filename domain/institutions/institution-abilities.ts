import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/** What the institutions screens offer a viewer, from the permission table alone (the server enforces the same). */
export type InstitutionAbilities = {
  /** "New institution" on the list (the platform's administrator). */
  readonly create: boolean;
  /** Edit the institution's record in place. */
  readonly edit: boolean;
  /** Choose which games the institution's staff may assign. */
  readonly assignGames: boolean;
  /** The record lists the institution's administrators. */
  readonly seeAdministrators: boolean;
  /** …and offers to add one. */
  readonly addAdministrator: boolean;
};

export const institutionAbilities = (holder: PermissionHolder): InstitutionAbilities => ({
  create: hasPermission(holder, { resource: "institution", actions: ["create"] }),
  edit: hasPermission(holder, { resource: "institution", actions: ["update"] }),
  assignGames: hasPermission(holder, { resource: "institution", actions: ["assignGames"] }),
  seeAdministrators: hasPermission(holder, { resource: "administrator", actions: ["list"] }),
  addAdministrator: hasPermission(holder, { resource: "administrator", actions: ["create"] }),
});

/** What the institutions screens offer the signed-in user. */
export const institutionAbilitiesOf = (user: SignedInViewer): InstitutionAbilities => institutionAbilities(permissionHolderOf(user));
