import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** An email may be changed only while the account is still pending (ERROR_053); keeping the same address is always fine. */
export const checkEmailChange = (mayChange: boolean, before: string, after: string): Result<string> =>
  mayChange || sameEmail(before, after)
    ? succeed(after.trim())
    : fail("ERROR_053", catalogueMessage("ERROR_053"), { field: "email" });

/**
 * Changing an administrator's or SLP's address sends a new invitation, so the change must be a
 * real one: the same address (in any letter case) is ERROR_047, and only a pending account's
 * address may change at all (ERROR_053).
 */
export const checkNewEmail = (mayChange: boolean, before: string, after: string): Result<string> => {
  if (sameEmail(before, after)) return fail("ERROR_047", catalogueMessage("ERROR_047"), { field: "email" });
  return mayChange ? succeed(after.trim()) : fail("ERROR_053", catalogueMessage("ERROR_053"), { field: "email" });
};
