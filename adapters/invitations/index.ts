// What other features may use of the invitation calls: the landing page (auth) makes them.
export { invitationsApiOf } from "./invitations-api.ts";
export type { InvitationsApi } from "./invitations-port.ts";
