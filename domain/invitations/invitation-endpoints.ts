import { endpoint } from "../shared/wire/endpoint.ts";
import { AcceptInvitationBody, AcceptedInvitation, InvitationLookup, InvitationTokenBody } from "./invitation-wire.ts";

// The invitation calls (docs/invitations.md): not in the spec, which only says a new administrator
// or SLP starts pending. Both are public (the invited person has no account to sign in with yet),
// rate-limited per address, and take the token in the body so it never lands in a URL or a log.

/** POST invitations/lookup/: what an invitation link stands for (who, where, until when), or why it no longer works. */
export const lookupInvitationEndpoint = endpoint({
  method: "POST",
  path: "/api/invitations/lookup/",
  body: InvitationTokenBody,
  answer: InvitationLookup,
});

/** POST invitations/accept/: the invited person chooses their password; the link is used up. Next they sign in and set up a second factor. */
export const acceptInvitationEndpoint = endpoint({
  method: "POST",
  path: "/api/invitations/accept/",
  body: AcceptInvitationBody,
  answer: AcceptedInvitation,
});
