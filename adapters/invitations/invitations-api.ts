import { acceptInvitationEndpoint, lookupInvitationEndpoint } from "../../domain/invitations/index.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { InvitationsApi } from "./invitations-port.ts";

/** The invitation calls, anonymous (the invited person has no session yet), the token in the body. */
export const createInvitationsApi = (client: ApiClient): InvitationsApi => ({
  lookup: (token, signal) => client.call(lookupInvitationEndpoint, { body: { token }, auth: { kind: "none" }, signal }),
  accept: (body) => client.call(acceptInvitationEndpoint, { body, auth: { kind: "none" } }),
});

/** The invitation calls of the app's client, made once, from the lazy landing page. */
export const invitationsApiOf = perClient(createInvitationsApi);
