import { validatePasswordConfirmation, validatePasswordLength } from "../shared/validators/password.ts";
import type { AcceptInvitationBody } from "./invitation-wire.ts";

/** The invitation-accept form's fields, in the order the form shows them (the first bad one takes the focus). */
export const INVITATION_ACCEPT_FIELDS = ["new_password", "new_password_confirmation"] as const;
export type InvitationAcceptField = (typeof INVITATION_ACCEPT_FIELDS)[number];

/** The form as typed: the password the invited person chooses and its repetition. */
export type InvitationAcceptDraft = Readonly<Record<InvitationAcceptField, string>>;
export const EMPTY_INVITATION_ACCEPT_DRAFT: InvitationAcceptDraft = { new_password: "", new_password_confirmation: "" };

/** What a checked form sends, short of the link's token the page holds. */
export type CheckedInvitationAccept = Omit<AcceptInvitationBody, "token">;

/**
 * The first password's check, the server's own rules: at least eight characters, never trimmed
 * (ERROR_006), and the confirmation repeating it exactly (ERROR_008). Each field is judged on its
 * own, so both messages show at once.
 */
export const checkInvitationAccept = (
  draft: InvitationAcceptDraft,
): { readonly ok: true; readonly value: CheckedInvitationAccept } | { readonly ok: false; readonly errors: Partial<Record<InvitationAcceptField, string>> } => {
  const length = validatePasswordLength(draft.new_password);
  const confirmation = validatePasswordConfirmation(draft.new_password, draft.new_password_confirmation);
  if (length.ok && confirmation.ok) return { ok: true, value: { new_password: draft.new_password, new_password_confirmation: draft.new_password_confirmation } };
  return {
    ok: false,
    errors: {
      ...(length.ok ? {} : { new_password: length.message }),
      ...(confirmation.ok ? {} : { new_password_confirmation: confirmation.message }),
    },
  };
};
