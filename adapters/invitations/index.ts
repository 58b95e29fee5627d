// What other features may use of the invitation calls: the landing page (auth) makes them.
export { invitationsApiOf, type InvitationsApi } from "./invitations-api.ts";
