// The invitations feature's server side: the landing page's public calls, and what the
// administrators and SLPs features use to invite, re-invite and withdraw (docs/invitations.md).
export { registerInvitationRoutes } from "./invitation-routes.ts";
export { invitationSummaries, issueInvitation, lastInvitationSentAt, revokeInvitations } from "./invitation-store.ts";
export { sendInvitationEmail, type InvitationLetter } from "./invitation-mail.ts";
export { checkResendCooldown } from "./resend-cooldown.ts";
