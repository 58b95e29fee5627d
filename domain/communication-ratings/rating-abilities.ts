import { hasPermission, type PermissionHolder } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";

/**
 * What the communication ratings offer a viewer (docs/communication-ratings.md), from the permission
 * table alone on the `goals` resource, as the patient's goals (the server enforces the same, and
 * the patient's caseload rule on top).
 */
export type RatingAbilities = {
  /** See a patient's ratings (goals list). */
  readonly see: boolean;
  /** Rate a patient, a correction included (goals create). */
  readonly rate: boolean;
};

export const ratingAbilities = (holder: PermissionHolder): RatingAbilities => ({
  see: hasPermission(holder, { resource: "goals", actions: ["list"] }),
  rate: hasPermission(holder, { resource: "goals", actions: ["create"] }),
});

/** What the communication ratings offer the signed-in user. */
export const ratingAbilitiesOf = (user: SignedInViewer): RatingAbilities => ratingAbilities(permissionHolderOf(user));
