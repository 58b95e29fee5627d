import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { users } from "../../db/schema/users.ts";
import type { MailPort } from "../../outbox/mail-port.ts";
import { sendInvitationEmail } from "../invitations/index.ts";

/** What sending an invitation needs beside the database: the mail port and the portal's public address for the link. */
export type InvitationMailDeps = { readonly db: Database; readonly mail: MailPort; readonly publicUrl: string };

/** A link issued in a committed change, to be mailed: to whom, the token, who sent it, for which institution. */
export type IssuedLink = {
  readonly to: string;
  readonly firstName: string;
  readonly token: string;
  readonly invitedByUserId: number;
  readonly institutionId: number;
};

/**
 * Mails an SLP their invitation link, after the change that issued it has committed (a rolled
 * back change never leaves a working link in someone's inbox): who invites them, to which
 * institution, and the link to the landing page.
 */
export const mailStaffInvitation = async (deps: InvitationMailDeps, link: IssuedLink): Promise<void> => {
  const [inviter] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, link.invitedByUserId)).limit(1);
  const [institution] = await deps.db.select({ name: institutions.name }).from(institutions).where(eq(institutions.id, link.institutionId)).limit(1);
  const inviterName = `${inviter?.firstName ?? ""} ${inviter?.lastName ?? ""}`.trim();
  await sendInvitationEmail(deps, {
    to: link.to,
    token: link.token,
    inviteeFirstName: link.firstName.trim() === "" ? "there" : link.firstName,
    inviterName: inviterName === "" ? "An administrator" : inviterName,
    institutionName: institution?.name ?? "your institution",
    asWhat: "an SLP",
  });
};
