import { fromPromise } from "xstate";
import type { AcceptedInvitation, CheckedInvitationAccept, InvitationAcceptDraft } from "../../../domain/invitations/index.ts";
import { invitationAcceptMachine } from "../../../machines/invitations/index.ts";
import type { SubmitFormInput } from "../../../machines/shared/create-form.machine.ts";

// The invitation landing page's machine gets its effect here and nowhere else (docs/ui.md, "Where
// machines are provided"); the page takes the provided logic and renders its actor. (Sign-in and
// the session are provided by the composition root, ui/app/auth-machines.ts.)

export type SubmitInvitationAcceptInput = SubmitFormInput<InvitationAcceptDraft, CheckedInvitationAccept>;

/** The invitation-accept form, submitting through `submit` (POST invitations/accept/ with the link's token). */
export const invitationAcceptLogicFor = (submit: (input: SubmitInvitationAcceptInput) => Promise<AcceptedInvitation>) =>
  invitationAcceptMachine.provide({
    actors: { submitForm: fromPromise<AcceptedInvitation, SubmitInvitationAcceptInput>(({ input }) => submit(input)) },
  });
