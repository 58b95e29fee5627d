import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

/**
 * Only accepting the invitation makes an administrator or SLP able to sign in: someone who never
 * chose a password cannot be activated by an administrator, or they would be an active account
 * nobody can sign in to (and whose "forgot password" would become a way around the invitation).
 * Refused with ERROR_050 naming the status people read (`shownStatus`), whatever it is.
 */
export const checkActivationHasPassword = (shownStatus: string, hasPassword: boolean): Result<true> =>
  hasPassword
    ? succeed(true)
    : fail("ERROR_050", catalogueMessage("ERROR_050", { status: shownStatus }), { field: "status", placeholders: { status: shownStatus } });

/**
 * What a record offers by the same rule: a pending person's Activate appears only once their
 * newest invitation was used (they chose a password). Other statuses are left to the status
 * table (an inactive person's record does not say whether they ever chose one; the server decides).
 */
export const activationOffered = (status: string, invitationState: string | null | undefined): boolean =>
  status !== "pending" || invitationState === "used";
