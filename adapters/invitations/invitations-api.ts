import {
  acceptInvitationEndpoint,
  lookupInvitationEndpoint,
  type AcceptedInvitation,
  type AcceptInvitationBody,
  type InvitationLookup,
} from "../../domain/invitations/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// What the invitation landing page depends on, declared beside its one (HTTP) implementation.

/** The two public invitation calls; each rejects with an ApiFailure. */
export type InvitationsApi = {
  /** What the link stands for (who, where, until when), or why it no longer works. */
  readonly lookup: (token: string, signal?: AbortSignal) => Promise<InvitationLookup>;
  /** Sets the invited person's first password and uses the link up; answers the address to sign in with. */
  readonly accept: (body: AcceptInvitationBody) => Promise<AcceptedInvitation>;
};

/** The invitation calls, anonymous (the invited person has no session yet), the token in the body. */
export const createInvitationsApi = (client: ApiClient): InvitationsApi => ({
  lookup: (token, signal) => client.call(lookupInvitationEndpoint, { body: { token }, auth: { kind: "none" }, signal }),
  accept: (body) => client.call(acceptInvitationEndpoint, { body, auth: { kind: "none" } }),
});

/** The invitation calls of the app's client, made once, from the lazy landing page. */
export const invitationsApiOf = perClient(createInvitationsApi);
