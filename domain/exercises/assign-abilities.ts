import type { ClientPermissions } from "../shared/permission-vocabulary.ts";
import { hasPermission } from "../shared/permissions/permission-check.ts";
import { normaliseRoleCode, ROLE } from "../shared/roles.ts";

/** Who is assigning: their translated permissions and role code. */
export type AssignViewer = { readonly permissions: ClientPermissions; readonly roleCode: string };

/** What the assign page offers beyond picking doses (docs/exercises-api.md says who may list and create templates). */
export type AssignAbilities = {
  /** Institution and staff admins read their institution's templates and may assign one as saved. */
  readonly fromTemplate: boolean;
  /** Those who may create templates (institution and super admins) may keep these forms as one. */
  readonly saveAsTemplate: boolean;
};

export const assignAbilities = ({ permissions, roleCode }: AssignViewer): AssignAbilities => {
  const role = normaliseRoleCode(roleCode);
  return {
    fromTemplate: role === ROLE.institutionAdmin || role === ROLE.staffAdmin,
    saveAsTemplate: hasPermission({ permissions, role }, { resource: "game", actions: ["create"] }),
  };
};
