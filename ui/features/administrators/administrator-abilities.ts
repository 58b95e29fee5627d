import { toClientPermissions } from "../../../domain/shared/permissions/client-permissions.ts";
import { hasPermission } from "../../../domain/shared/permissions/permission-check.ts";
import type { ClientAction } from "../../../domain/shared/permission-vocabulary.ts";
import { ROLE, normaliseRoleCode } from "../../../domain/shared/roles.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";

/** What the viewer may do to administrators, read from their permissions (the server enforces the same table). */
export type AdministratorAbilities = {
  readonly create: boolean;
  readonly edit: boolean;
  readonly activate: boolean;
  readonly deactivate: boolean;
  readonly delete: boolean;
  /** Only the platform's administrator works across institutions, so only they pick one. */
  readonly pickInstitution: boolean;
};

/** The viewer's administrator abilities, from their record's permissions and role. */
export const administratorAbilitiesOf = (user: CurrentUser): AdministratorAbilities => {
  const holder = { permissions: toClientPermissions(user.permissions), role: normaliseRoleCode(user.role.code_name) };
  const may = (action: ClientAction) => hasPermission(holder, { resource: "administrator", actions: [action] });
  return {
    create: may("create"),
    edit: may("partial"),
    activate: may("restore"),
    deactivate: may("deactivate"),
    delete: may("delete"),
    pickInstitution: holder.role === ROLE.superAdmin,
  };
};
