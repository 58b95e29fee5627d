import * as Schema from "effect/Schema";
import { IsoDateTime } from "../shared/wire/dates.ts";
import { Email, PasswordText, PersonName, TokenText } from "../shared/wire/text-fields.ts";
import { INVITATION_STATES } from "./invitation-policy.ts";

/** An invitation's state on the wire: open, expired, used or revoked. */
export const InvitationStateWire = Schema.Literals(INVITATION_STATES);

/** The person who sent an invitation, as a pending account's record names them (null once their own account is gone). */
export const Inviter = Schema.Struct({ first_name: PersonName, last_name: PersonName });

/**
 * The latest invitation of a pending administrator or SLP, as their record and list row show it:
 * its state, who sent it, when, and until when it works. Null once the person has signed in, or
 * for an account that was never invited (the seed's).
 */
export const InvitationSummary = Schema.Struct({
  state: InvitationStateWire,
  invited_by: Schema.NullOr(Inviter),
  sent_at: IsoDateTime,
  expires_at: IsoDateTime,
});
export type InvitationSummary = typeof InvitationSummary.Type;

/** POST invitations/lookup/: the token from the link (in the body, so it stays out of URLs and logs). */
export const InvitationTokenBody = Schema.Struct({ token: TokenText });
export type InvitationTokenBody = typeof InvitationTokenBody.Type;

/** What the landing page shows for an open link: who is invited, where, and until when. */
export const OpenInvitation = Schema.Struct({
  state: Schema.Literal("open"),
  email: Email,
  first_name: PersonName,
  last_name: PersonName,
  institution_name: Schema.String,
  expires_at: IsoDateTime,
});
export type OpenInvitation = typeof OpenInvitation.Type;

/** A link that cannot be followed: only its state (an unknown token says nothing about anyone). */
export const ClosedInvitation = Schema.Struct({ state: Schema.Literals(["expired", "used", "revoked", "unknown"]) });
export type ClosedInvitation = typeof ClosedInvitation.Type;

/** POST invitations/lookup/ answer: the open invitation, or why the link no longer works. */
export const InvitationLookup = Schema.Union([OpenInvitation, ClosedInvitation]);
export type InvitationLookup = typeof InvitationLookup.Type;

/** POST invitations/accept/: the link's token and the password the invited person chooses (twice). */
export const AcceptInvitationBody = Schema.Struct({
  token: TokenText,
  new_password: PasswordText,
  new_password_confirmation: PasswordText,
});
export type AcceptInvitationBody = typeof AcceptInvitationBody.Type;

/** POST invitations/accept/ answer: the address to sign in with, now that the password is set. */
export const AcceptedInvitation = Schema.Struct({ email: Email });
export type AcceptedInvitation = typeof AcceptedInvitation.Type;
