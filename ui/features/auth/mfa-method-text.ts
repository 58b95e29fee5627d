import { PHONE_VISIBLE_DIGITS } from "../../../domain/shared/format/phone.ts";
import { OTP_LENGTH } from "../../../domain/shared/validators/otp.ts";
import type { MaskedPhone } from "../../../domain/shared/wire/masked-phone.ts";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";

/** The name a person sees for each second factor. */
export const MFA_METHOD_NAME: Readonly<Record<MfaMethod, string>> = {
  email: "Email",
  sms: "Text message (SMS)",
  app: "Authenticator app",
};

/**
 * Where the code comes from, in words. The stored phone is masked except its last digits; those
 * are read out instead of a row of asterisks.
 */
export const codeSourceText = (method: MfaMethod, phone: MaskedPhone | string | null): string => {
  const code = `a ${OTP_LENGTH}-digit code`;
  if (method === "email") return `We sent ${code} to the email address you sign in with.`;
  if (method === "app") return `Open your authenticator app: it shows ${code} for this portal.`;
  return phone === null
    ? `We sent ${code} by text message to your phone.`
    : `We sent ${code} by text message to the phone number ending in ${phone.slice(-PHONE_VISIBLE_DIGITS)}.`;
};

/** What setting up a new second factor involves. */
export const SETUP_TEXT: Readonly<Record<MfaMethod, string>> = {
  email: "Codes arrive at the email address you sign in with.",
  sms: "You give a mobile number and we text a code to it.",
  app: "You scan a QR code with an app such as Google Authenticator or Microsoft Authenticator.",
};
