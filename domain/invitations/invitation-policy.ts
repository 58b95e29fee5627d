import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Result } from "../shared/result.ts";

/** How long an invitation link works after it is sent: three days, time for a weekend. */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

/**
 * Where an invitation link stands:
 * - `open`: it can still be followed;
 * - `expired`: its 72 hours ran out before anyone followed it;
 * - `used`: the person already followed it and chose a password;
 * - `revoked`: an administrator withdrew it, or sent a newer link (resend, a changed e-mail).
 */
export const INVITATION_STATE = {
  open: "open",
  expired: "expired",
  used: "used",
  revoked: "revoked",
} as const;
export type InvitationState = (typeof INVITATION_STATE)[keyof typeof INVITATION_STATE];
export const INVITATION_STATES: readonly InvitationState[] = Object.values(INVITATION_STATE);

/** What decides an invitation's state: when it expires and whether it was used or revoked. */
export type InvitationFacts = {
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
  readonly revokedAt: Date | null;
};

/** A link is used once followed and revoked once withdrawn, whatever the time; otherwise it is open until the moment it expires. */
export const invitationState = (facts: InvitationFacts, now: Date): InvitationState => {
  if (facts.usedAt !== null) return INVITATION_STATE.used;
  if (facts.revokedAt !== null) return INVITATION_STATE.revoked;
  return now.getTime() < facts.expiresAt.getTime() ? INVITATION_STATE.open : INVITATION_STATE.expired;
};

/** A new link expires 72 hours after it is sent. */
export const invitationExpiry = (sentAt: Date): Date => new Date(sentAt.getTime() + INVITATION_LIFETIME_MS);

/** What the person who followed a link is told to do next, by the link's state (the landing page's words). */
export const INVITATION_ADVICE: Readonly<Record<Exclude<InvitationState, "open"> | "unknown", { readonly title: string; readonly text: string }>> = {
  expired: {
    title: "This invitation has expired",
    text: "Invitation links work for 72 hours. Ask the administrator who invited you to send a new one.",
  },
  used: {
    title: "This invitation has already been used",
    text: "Your account is set up. Sign in with your e-mail and the password you chose; if you forgot it, reset it from the sign-in page.",
  },
  revoked: {
    title: "This invitation is no longer valid",
    text: "A newer invitation was sent, or the invitation was withdrawn. Use the most recent e-mail, or ask your administrator to send a new one.",
  },
  unknown: {
    title: "This invitation link is not valid",
    text: "The link may be incomplete. Open it again from the e-mail, or ask your administrator to send a new one.",
  },
};

/** What decides whether a person may be sent an invitation link at all. */
export type InviteeFacts = {
  /** They already chose a password (by an earlier link, or any other way). */
  readonly hasPassword: boolean;
};

/**
 * An invitation sets a password, so it is only for someone who has none: once a password exists,
 * a second link (on creation, a changed address or a resend) would be a second way to set it and
 * would let whoever reads that inbox take the account over. Refused with ERROR_050 ("used").
 */
export const checkInvitationIssuable = (invitee: InviteeFacts): Result<true> =>
  invitee.hasPassword
    ? fail("ERROR_050", catalogueMessage("ERROR_050", { status: INVITATION_STATE.used }), { field: "status", placeholders: { status: INVITATION_STATE.used } })
    : succeed(true);
