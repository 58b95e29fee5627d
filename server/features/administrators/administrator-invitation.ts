import { eq } from "drizzle-orm";
import type { Failure } from "../../../domain/shared/result.ts";
import type { AuthKeys } from "../../auth/auth-keys.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { users } from "../../db/schema/users.ts";
import type { MailPort } from "../../outbox/mail-port.ts";
import { issueInvitation, sendInvitationEmail } from "../invitations/index.ts";

/** What the administrators routes need beside the database and clock: the keys links are signed with, mail, and the portal's address for the link. */
export type InvitationDeps = { readonly keys: AuthKeys; readonly mail: MailPort; readonly publicUrl: string };

/** A link issued inside a change's transaction, to be mailed once the change has committed. */
export type IssuedLink = {
  readonly to: string;
  readonly token: string;
  readonly inviteeFirstName: string;
  readonly institutionId: number;
  readonly invitedByUserId: number;
};

/** Issues a new link for a pending administrator inside `tx` (every older link of theirs dies); mail it with mailInvitation after commit. Someone with a password gets none (ERROR_050). */
export const issueAdministratorLink = async (
  tx: Database,
  keys: AuthKeys,
  invite: { readonly userId: number; readonly email: string; readonly firstName: string; readonly institutionId: number; readonly invitedByUserId: number; readonly now: Date },
): Promise<IssuedLink | Failure> => {
  const issued = await issueInvitation(tx, keys, { userId: invite.userId, invitedByUserId: invite.invitedByUserId, email: invite.email, now: invite.now });
  if (!issued.ok) return issued;
  const { token } = issued;
  return { to: invite.email, token, inviteeFirstName: invite.firstName, institutionId: invite.institutionId, invitedByUserId: invite.invitedByUserId };
};

/**
 * Mails a link after its change committed (a rolled-back change never sends one): who invites,
 * to which institution, as an administrator. A transport failure keeps the message in the outbox;
 * the administrator can resend.
 */
export const mailInvitation = async (deps: { readonly db: Database } & InvitationDeps, link: IssuedLink): Promise<void> => {
  const [[inviter], [institution]] = await Promise.all([
    deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, link.invitedByUserId)).limit(1),
    deps.db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, link.institutionId)).limit(1),
  ]);
  const inviterName = `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim();
  await sendInvitationEmail(deps, {
    to: link.to,
    token: link.token,
    inviteeFirstName: link.inviteeFirstName,
    inviterName: inviterName === "" ? "The portal's administrator" : inviterName,
    institutionName: institution?.name ?? "your institution",
    asWhat: "an administrator",
  });
};
