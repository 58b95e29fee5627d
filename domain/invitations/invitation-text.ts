import { formatDate, formatDateTime } from "../shared/format/date.ts";
import type { InvitationState } from "./invitation-policy.ts";
import type { InvitationSummary } from "./invitation-wire.ts";

/** The few words a list row shows beside a pending person's status. */
export const INVITATION_STATE_LABEL: Readonly<Record<InvitationState, string>> = {
  open: "Invitation sent",
  expired: "Invitation expired",
  used: "Invitation accepted",
  revoked: "Invitation withdrawn",
};

/**
 * The sentence a pending person's record shows about their invitation: who sent it and when,
 * and until when the link works (or that it no longer does, and what an administrator can do).
 */
export const invitationSentence = (invitation: InvitationSummary): string => {
  const by = invitation.invited_by === null ? "" : ` by ${invitation.invited_by.first_name} ${invitation.invited_by.last_name}`.trimEnd();
  const sent = `Invited${by} on ${formatDate(invitation.sent_at)}.`;
  switch (invitation.state) {
    case "open":
      return `${sent} The link works until ${formatDateTime(invitation.expires_at)}.`;
    case "expired":
      return `${sent} The link expired on ${formatDateTime(invitation.expires_at)}: send a new invitation.`;
    case "revoked":
      return `${sent} The link was withdrawn: send a new invitation to let them in.`;
    case "used":
      return `${sent} They chose a password and will be active after their first complete sign-in.`;
  }
};

/** Whether an administrator can send a new link (resend) or withdraw the current one (revoke) for a pending person. */
export const invitationActions = (status: string, invitation: InvitationSummary | null): { readonly resend: boolean; readonly revoke: boolean } => {
  const pending = status === "pending";
  return {
    resend: pending && invitation?.state !== "used",
    revoke: pending && invitation?.state === "open",
  };
};
