import type { AcceptedInvitation } from "../../domain/invitations/invitation-wire.ts";
import {
  type CheckedInvitationAccept,
  checkInvitationAccept,
  INVITATION_ACCEPT_FIELDS,
  type InvitationAcceptDraft,
  type InvitationAcceptField,
} from "../../domain/invitations/invitation-accept-form.ts";
import { createCreateFormMachine } from "../shared/create-form.machine.ts";
import { fieldOfRefusal } from "../shared/form-refusal.ts";

// The invitation landing page's form (/auth/invitation) on the shared create-form machine: the
// domain's password rules before any call, then the page's POST invitations/accept/. A refusal
// naming a password field (ERROR_006/007/008) goes under it; one naming the token (the link died
// meanwhile) or none is the whole form's, for the page to look the link up again or say why.

const FIELD_OF: Readonly<Record<string, InvitationAcceptField>> = Object.fromEntries(INVITATION_ACCEPT_FIELDS.map((field) => [field, field]));

/** The invited person's first password. */
export const invitationAcceptMachine = createCreateFormMachine<InvitationAcceptDraft, CheckedInvitationAccept, InvitationAcceptField, AcceptedInvitation>({
  id: "invitationAccept",
  check: (draft) => checkInvitationAccept(draft),
  fieldOfFailure: fieldOfRefusal(FIELD_OF),
});

export type InvitationAcceptMachine = typeof invitationAcceptMachine;
