import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** An email may be changed only while the account is still pending (ERROR_053); keeping the same address is always fine. */
export const checkEmailChange = (mayChange: boolean, before: string, after: string): Result<string> =>
  mayChange || sameEmail(before, after)
    ? succeed(after.trim())
    : fail("ERROR_053", catalogueMessage("ERROR_053"), { field: "email" });
