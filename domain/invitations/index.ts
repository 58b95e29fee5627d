// What other features may use of invitations: the summary a pending person's record carries, the
// policy (lifetime, states) and the two public calls of the landing page.
export * from "./invitation-policy.ts";
export { invitationShown } from "./invitation-shown.ts";
export * from "./invitation-wire.ts";
export * from "./invitation-text.ts";
export { acceptInvitationEndpoint, lookupInvitationEndpoint } from "./invitation-endpoints.ts";
export * from "./invitation-accept-form.ts";
