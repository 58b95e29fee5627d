import type { ClientPermissions } from "../permission-vocabulary.ts";
import { ROLE, type RoleCode } from "../roles.ts";

/** Institution and super administrators curate exercise templates; clinicians see the plain exercise catalogue. */
export const seesExerciseTemplates = (role: RoleCode | undefined): boolean =>
  role === ROLE.institutionAdmin || role === ROLE.superAdmin;

/** Only an SLP (staff) gets the review dashboard of their own patients. */
export const getsSlpDashboard = (role: RoleCode | undefined): boolean => role === ROLE.staff;

/** A new staff member is always created with the SLP role. */
export const NEW_STAFF_ROLE: RoleCode = ROLE.staff;

/** Assigning exercises needs the assign permission on exercises and at least one chosen exercise; otherwise the user goes back to /exercises. */
export const canAssignGames = (permissions: ClientPermissions, selectedGameCount: number): boolean =>
  (permissions.game ?? []).includes("assignGame") && selectedGameCount > 0;

/** An administrator's detail page needs the retrieve permission on administrators; otherwise the user goes to the dashboard. */
export const canOpenAdministratorDetail = (permissions: ClientPermissions): boolean =>
  (permissions.administrator ?? []).includes("retrieve");

/** A reviewer may correct an attempt only when the server flagged that row editable and the role may update attempts. */
export const canCorrectAttempt = (permissions: ClientPermissions, row: { readonly isEditable: boolean }): boolean =>
  row.isEditable && (permissions.game_attempt ?? []).includes("partial");
