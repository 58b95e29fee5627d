import { INVITATION_LIFETIME_MS } from "../../../domain/invitations/index.ts";
import type { MailPort } from "../../outbox/mail-port.ts";

/** What an invitation e-mail says: who invites whom, to which institution, as what, and the link. */
export type InvitationLetter = {
  readonly to: string;
  readonly token: string;
  readonly inviteeFirstName: string;
  readonly inviterName: string;
  readonly institutionName: string;
  /** "an administrator" or "an SLP". */
  readonly asWhat: string;
};

/** The landing page of a link: the token rides in the fragment-free query the page reads once and posts; it never reaches an API URL. */
export const invitationLink = (publicUrl: string, token: string): string => `${publicUrl}/auth/invitation?token=${encodeURIComponent(token)}`;

const letterText = (letter: InvitationLetter, link: string): string =>
  [
    `Hello ${letter.inviteeFirstName},`,
    "",
    `${letter.inviterName} invited you to the Speech Therapy Care Portal as ${letter.asWhat} of ${letter.institutionName}.`,
    "",
    `To accept, open this link within ${INVITATION_LIFETIME_MS / 3_600_000} hours. It works once:`,
    link,
    "",
    "You will choose a password, then set up a second way to confirm it is you (an authenticator app, a text message or e-mail).",
    "",
    "If you did not expect this invitation, ignore this e-mail: no account opens without the link.",
  ].join("\n");

/** Sends the invitation through the mail port (SMTP, or the outbox and the log); after the change that issued it has committed. */
export const sendInvitationEmail = async (deps: { readonly mail: MailPort; readonly publicUrl: string }, letter: InvitationLetter): Promise<void> => {
  await deps.mail.send({
    to: letter.to,
    subject: `You are invited to the ${letter.institutionName} portal`,
    text: letterText(letter, invitationLink(deps.publicUrl, letter.token)),
  });
};
