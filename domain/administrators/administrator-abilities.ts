import { canListOrRetrieve, hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import type { ClientAction } from "../shared/permission-vocabulary.ts";
import { ROLE } from "../shared/roles.ts";

/** What the viewer may do to administrators, read from their permissions (the server enforces the same table). */
export type AdministratorAbilities = {
  readonly create: boolean;
  readonly edit: boolean;
  readonly activate: boolean;
  readonly deactivate: boolean;
  readonly delete: boolean;
  /** Only the platform's administrator works across institutions, so only they pick one. */
  readonly pickInstitution: boolean;
  /** The administrator's institution is a link to its record. */
  readonly openInstitution: boolean;
};

export const administratorAbilities = (holder: PermissionHolder): AdministratorAbilities => {
  const may = (action: ClientAction) => hasPermission(holder, { resource: "administrator", actions: [action] });
  return {
    create: may("create"),
    edit: may("partial"),
    activate: may("restore"),
    deactivate: may("deactivate"),
    delete: may("delete"),
    pickInstitution: holder.role === ROLE.superAdmin,
    openInstitution: canListOrRetrieve(holder.permissions, "institution"),
  };
};

/** The signed-in user's administrator abilities, from their record's permissions and role. */
export const administratorAbilitiesOf = (user: SignedInViewer): AdministratorAbilities => administratorAbilities(permissionHolderOf(user));
