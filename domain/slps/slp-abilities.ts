import type { ClientAction, ClientPermissions } from "../shared/permission-vocabulary.ts";
import { hasPermission } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import type { RoleCode } from "../shared/roles.ts";
import { allowedStatusActions } from "../shared/statuses/staff-status.ts";
import type { StatusAction } from "../shared/statuses/status-actions.ts";

/** Who is looking at an SLPs screen: their translated permissions and role. */
export type SlpViewer = { readonly permissions: ClientPermissions; readonly role: RoleCode | undefined };

/** What the SLPs screens offer a viewer, from the permission table alone (the server enforces the same). */
export type SlpAbilities = {
  /** Invite a new SLP ("New SLP"). */
  readonly create: boolean;
  /** Change names and contact information, and send or withdraw a pending SLP's invitation. */
  readonly edit: boolean;
  /** See the patients assigned to an SLP. */
  readonly seePatients: boolean;
  /** Status actions the viewer holds, whatever the SLP's status. */
  readonly statusActions: readonly StatusAction[];
};

const holds = (viewer: SlpViewer, resource: "staff" | "patient", action: ClientAction) => hasPermission(viewer, { resource, actions: [action] });

/** An institution administrator manages SLPs fully; a staff administrator may do all but delete one; others only read what they may. */
export const slpAbilities = (viewer: SlpViewer): SlpAbilities => ({
  create: holds(viewer, "staff", "create"),
  edit: holds(viewer, "staff", "partial"),
  seePatients: holds(viewer, "patient", "list"),
  statusActions: [
    ...(holds(viewer, "staff", "restore") ? (["activate"] as const) : []),
    ...(holds(viewer, "staff", "deactivate") ? (["deactivate"] as const) : []),
    ...(holds(viewer, "staff", "delete") ? (["delete"] as const) : []),
  ],
});

/** What the SLPs screens offer the signed-in user. */
export const slpAbilitiesOf = (user: SignedInViewer): SlpAbilities => slpAbilities(permissionHolderOf(user));

/** The status actions to offer on one SLP: those the viewer holds that the SLP's status allows (spec section 4). */
export const offeredSlpStatusActions = (abilities: SlpAbilities, status: string): readonly StatusAction[] =>
  allowedStatusActions(status).filter((action) => abilities.statusActions.includes(action));
