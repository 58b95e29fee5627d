// What other features may use of the invitation machines: the landing page's form (ui/features/auth).
export { type InvitationAcceptMachine, invitationAcceptMachine } from "./invitation-accept.machine.ts";
