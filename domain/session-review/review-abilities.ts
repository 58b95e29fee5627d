import type { ClientPermissions } from "../shared/permission-vocabulary.ts";
import { hasPermission } from "../shared/permissions/permission-check.ts";
import { permissionHolderOf, type SignedInViewer } from "../shared/permissions/permission-holder.ts";
import type { RoleCode } from "../shared/roles.ts";

/** Who is reviewing: their translated permissions and role. */
export type ReviewViewer = { readonly permissions: ClientPermissions; readonly role: RoleCode | undefined };

/** What the session screens offer a viewer, from the permission table alone (the server enforces the same). */
export type ReviewAbilities = {
  /** Correct an editable attempt's score, result or words, and mark a session reviewed. */
  readonly correct: boolean;
  readonly addNotes: boolean;
  readonly editNotes: boolean;
};

export const reviewAbilities = (viewer: ReviewViewer): ReviewAbilities => ({
  correct: hasPermission(viewer, { resource: "game_attempt", actions: ["partial"] }),
  addNotes: hasPermission(viewer, { resource: "slp_notes", actions: ["create"] }),
  editNotes: hasPermission(viewer, { resource: "slp_notes", actions: ["partial"] }),
});

/** What the session screens offer the signed-in user. */
export const reviewAbilitiesOf = (user: SignedInViewer): ReviewAbilities => reviewAbilities(permissionHolderOf(user));
