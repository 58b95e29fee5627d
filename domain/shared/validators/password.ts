import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";
import { characterCount } from "./text-length.ts";

export const MIN_PASSWORD_LENGTH = 8;

/** A password has at least 8 characters (ERROR_006); it is never trimmed, every character counts. */
export const validatePasswordLength = (password: string, field = "new_password"): Result<string> =>
  characterCount(password) >= MIN_PASSWORD_LENGTH
    ? succeed(password)
    : fail("ERROR_006", catalogueMessage("ERROR_006"), { field });

/** The confirmation must repeat the new password exactly (ERROR_008). */
export const validatePasswordConfirmation = (password: string, confirmation: string): Result<string> =>
  password === confirmation
    ? succeed(password)
    : fail("ERROR_008", catalogueMessage("ERROR_008"), { field: "new_password_confirmation" });

/** A new password must differ from the one it replaces (ERROR_010). */
export const validatePasswordDiffers = (oldPassword: string, newPassword: string): Result<string> =>
  oldPassword === newPassword
    ? fail("ERROR_010", catalogueMessage("ERROR_010"), { field: "new_password" })
    : succeed(newPassword);

export type PasswordChange = {
  readonly oldPassword: string;
  readonly newPassword: string;
  readonly confirmation: string;
};

/** A password change needs a long-enough new password that differs from the old one and matches its confirmation, checked in that order. */
export const validatePasswordChange = (change: PasswordChange): Result<string> => {
  const length = validatePasswordLength(change.newPassword);
  if (!length.ok) return length;
  const differs = validatePasswordDiffers(change.oldPassword, change.newPassword);
  if (!differs.ok) return differs;
  return validatePasswordConfirmation(change.newPassword, change.confirmation);
};
