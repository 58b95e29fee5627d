import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/** What the audit viewer offers a viewer, from the permission table alone (docs/permissions.md; the server enforces the same). */
export type AuditAbilities = {
  /** Read the audit log, its reports and its exports (audit_log list): the "Who accessed" link, the dashboard's last review. */
  readonly view: boolean;
  /** Sign off a reviewed period (audit_log create). */
  readonly signOff: boolean;
  /** Open a patient's accounting of disclosures (audit_log list; the server lets only their institution's administrators in). */
  readonly accounting: boolean;
  /** Record a disclosure in the register (audit_log create). */
  readonly recordDisclosure: boolean;
  /**
   * Filter the log on a patient (patient list): the super administrator's log holds no row about a
   * patient and they may list none, so their filters have no patient picker (issue 38).
   */
  readonly filterByPatient: boolean;
};

export const auditAbilities = (holder: PermissionHolder): AuditAbilities => ({
  view: hasPermission(holder, { resource: "audit_log", actions: ["list"] }),
  signOff: hasPermission(holder, { resource: "audit_log", actions: ["create"] }),
  accounting: hasPermission(holder, { resource: "audit_log", actions: ["list"] }),
  recordDisclosure: hasPermission(holder, { resource: "audit_log", actions: ["create"] }),
  filterByPatient: hasPermission(holder, { resource: "audit_log", actions: ["list"] }) && hasPermission(holder, { resource: "patient", actions: ["list"] }),
});

/** What the audit viewer offers the signed-in user. */
export const auditAbilitiesOf = (user: SignedInViewer): AuditAbilities => auditAbilities(permissionHolderOf(user));
