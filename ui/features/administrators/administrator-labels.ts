import { type Administrator } from "../../../domain/administrators/administrators-wire.ts";
import { INVITATION_STATE_LABEL } from "../../../domain/invitations/index.ts";
import { type ShownAdministratorStatus, shownStatus } from "../../../domain/shared/statuses/administrator-status.ts";

/** The statuses in words (archived is shown as inactive, spec section 4). */
export const STATUS_LABEL: Readonly<Record<ShownAdministratorStatus, string>> = {
  active: "Active",
  inactive: "Inactive",
  pending: "Pending",
};

/** What a pending row adds beside its badge: where the invitation stands ("Invitation sent"), or nothing. */
export const invitationNote = (administrator: Pick<Administrator, "status" | "invitation">): string | null =>
  administrator.status === "pending" && administrator.invitation !== null ? INVITATION_STATE_LABEL[administrator.invitation.state] : null;

/** The status as a badge shows it. */
export const statusLabel = (administrator: Pick<Administrator, "status">): string => STATUS_LABEL[shownStatus(administrator.status)];
