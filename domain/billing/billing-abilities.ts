import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/** What the billing screens offer a viewer, from the permission table alone (docs/permissions.md; the server enforces the same). */
export type BillingAbilities = {
  /** Log and correct a patient's treatment-management time and calls, and change its billing settings (rtm create and update). */
  readonly logTime: boolean;
  /** Lock a billing month at month-end, an administrative act (rtm archive). */
  readonly lockMonth: boolean;
  /** Choose the institution's device-supply kind where the notice asks for it (institution update). */
  readonly chooseSupplyKind: boolean;
};

export const billingAbilities = (holder: PermissionHolder): BillingAbilities => ({
  logTime: hasPermission(holder, { resource: "rtm", actions: ["create", "update"] }),
  lockMonth: hasPermission(holder, { resource: "rtm", actions: ["archive"] }),
  chooseSupplyKind: hasPermission(holder, { resource: "institution", actions: ["update"] }),
});

/** What the billing screens offer the signed-in user. */
export const billingAbilitiesOf = (user: SignedInViewer): BillingAbilities => billingAbilities(permissionHolderOf(user));
