import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/** What the audit viewer offers a viewer, from the permission table alone (docs/permissions.md; the server enforces the same). */
export type AuditAbilities = {
  /** Read the audit log, its reports and its exports (audit_log list): the "Who accessed" link, the dashboard's last review. */
  readonly view: boolean;
  /** Sign off a reviewed period (audit_log create). */
  readonly signOff: boolean;
};

export const auditAbilities = (holder: PermissionHolder): AuditAbilities => ({
  view: hasPermission(holder, { resource: "audit_log", actions: ["list"] }),
  signOff: hasPermission(holder, { resource: "audit_log", actions: ["create"] }),
});

/** What the audit viewer offers the signed-in user. */
export const auditAbilitiesOf = (user: SignedInViewer): AuditAbilities => auditAbilities(permissionHolderOf(user));
