import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

export const OTP_LENGTH = 6;
const OTP_PATTERN = /^[0-9]{6}$/;

/** A one-time code is exactly six ASCII digits; anything else is ERROR_019 before it is ever sent. */
export const validateOtp = (code: string): Result<string> =>
  OTP_PATTERN.test(code) ? succeed(code) : fail("ERROR_019", catalogueMessage("ERROR_019"), { field: "otp_code" });
