import type { ClientPermissions } from "../shared/permission-vocabulary.ts";
import { hasPermission } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import type { RoleCode } from "../shared/roles.ts";
import { allowedStatusActions } from "../shared/statuses/patient-status.ts";
import type { StatusAction } from "../shared/statuses/status-actions.ts";

/** Who is looking at a patient screen: their translated permissions and role. */
export type PatientViewer = { readonly permissions: ClientPermissions; readonly role: RoleCode | undefined };

/** What the patients screens offer a viewer, from the permission table alone (the server enforces the same). */
export type PatientAbilities = {
  readonly create: boolean;
  readonly edit: boolean;
  /** Choosing the assigned SLP needs the staff list. */
  readonly chooseSlp: boolean;
  /** The assigned SLP's name leads to their record. */
  readonly openSlp: boolean;
  /** Status actions the viewer holds, whatever the patient's status. */
  readonly statusActions: readonly StatusAction[];
  /** The record offers "Assign exercises" (game assign). */
  readonly assignExercises: boolean;
  /** The record shows the remote-monitoring (billing) panel. */
  readonly seeMonitoring: boolean;
  /** The record shows the Goals section (issue 37). */
  readonly seeGoals: boolean;
};

const holds = (viewer: PatientViewer, resource: "patient" | "staff" | "game" | "rtm" | "goals", action: Parameters<typeof hasPermission>[1]["actions"][number]) =>
  hasPermission(viewer, { resource, actions: [action] });

export const patientAbilities = (viewer: PatientViewer): PatientAbilities => ({
  create: holds(viewer, "patient", "create"),
  edit: holds(viewer, "patient", "partial"),
  chooseSlp: holds(viewer, "staff", "list"),
  openSlp: holds(viewer, "staff", "retrieve"),
  statusActions: [
    ...(holds(viewer, "patient", "restore") ? (["activate"] as const) : []),
    ...(holds(viewer, "patient", "deactivate") ? (["deactivate"] as const) : []),
    ...(holds(viewer, "patient", "delete") ? (["delete"] as const) : []),
  ],
  assignExercises: holds(viewer, "game", "assignGame"),
  seeMonitoring: holds(viewer, "rtm", "retrieve"),
  seeGoals: holds(viewer, "goals", "list"),
});

/** What the patients screens offer the signed-in user. */
export const patientAbilitiesOf = (user: SignedInViewer): PatientAbilities => patientAbilities(permissionHolderOf(user));

/** The status actions to offer on one patient: those the viewer holds that the patient's status allows (spec section 4). */
export const offeredStatusActions = (abilities: PatientAbilities, status: string): readonly StatusAction[] =>
  allowedStatusActions(status).filter((action) => abilities.statusActions.includes(action));
