import type { AcceptedInvitation, AcceptInvitationBody, InvitationLookup } from "../../domain/invitations/index.ts";

// The port the invitation landing page depends on; invitations-api.ts is its HTTP implementation.

/** The two public invitation calls; each rejects with an ApiFailure. */
export type InvitationsApi = {
  /** What the link stands for (who, where, until when), or why it no longer works. */
  readonly lookup: (token: string, signal?: AbortSignal) => Promise<InvitationLookup>;
  /** Sets the invited person's first password and uses the link up; answers the address to sign in with. */
  readonly accept: (body: AcceptInvitationBody) => Promise<AcceptedInvitation>;
};
