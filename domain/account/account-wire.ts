import * as Schema from "effect/Schema";
import { ChangePasswordBody, OtpCode, TotpQrResponse } from "../shared/wire/auth.ts";
import type { FieldCodes } from "../shared/wire/decode.ts";
import { MfaMethod } from "../shared/wire/mfa-method.ts";
import { versionField } from "../shared/wire/record-version.ts";
import { boundedText, PersonNameWrite } from "../shared/wire/text-fields.ts";

// Settings > Profile and Settings > Security, for the signed-in user (Bearer token, any role).
// Every mutation answers the updated CurrentUser (domain/shared/wire/user.ts) except where noted.

/** The longest phone number text accepted before it is parsed (E.164 is at most 16 characters; room for spaces and brackets). */
const PhoneText = boundedText(32);

/**
 * PATCH users/me/: change one's own names and profile phone; absent fields stay as they are.
 * Names are trimmed and must have at least 2 characters; `phone: null` or "" clears the number.
 * `version`, when sent, is the record's version the form was filled from (412 if it changed since).
 */
export const ProfilePatchBody = Schema.Struct({
  first_name: Schema.optionalKey(PersonNameWrite),
  last_name: Schema.optionalKey(PersonNameWrite),
  phone: Schema.optionalKey(Schema.NullOr(PhoneText)),
  ...versionField,
});
export type ProfilePatchBody = typeof ProfilePatchBody.Type;

/** POST users/me/change_password/ (answers 204): the same body as the sign-in change_pwd. */
export const AccountPasswordBody = ChangePasswordBody;
export type AccountPasswordBody = typeof AccountPasswordBody.Type;

/**
 * POST users/me/mfa/send_code/ (answers 204): a fresh step-up code by a confirmed e-mail or SMS
 * method. "app" is accepted on the wire and answered like re_send does (nothing to send).
 */
export const SendStepUpCodeBody = Schema.Struct({ mfa_option: MfaMethod });
export type SendStepUpCodeBody = typeof SendStepUpCodeBody.Type;

/**
 * POST users/me/mfa/: start adding a method not yet confirmed, confirmed by a fresh code of
 * `confirm_option` (a method already confirmed: the current authenticator code, or an e-mail/SMS
 * code from send_code). SMS needs the phone the codes go to (leading +). Answers 204 for email
 * and sms (a code was sent to the new method), 200 AddMfaAppResponse for app.
 */
export const AddMfaBody = Schema.Struct({
  mfa_option: MfaMethod,
  phone: Schema.optionalKey(PhoneText),
  confirm_option: MfaMethod,
  otp_code: OtpCode,
});
export type AddMfaBody = typeof AddMfaBody.Type;

/**
 * POST users/me/mfa/re_send/ (answers 204): a fresh code for an e-mail or SMS method being added,
 * sent where its first code went (the account address, or the number given when it was started).
 * It starts nothing: without a pending method it is refused.
 */
export const ResendMfaCodeBody = Schema.Struct({ mfa_option: MfaMethod });
export type ResendMfaCodeBody = typeof ResendMfaCodeBody.Type;

/** The new authenticator secret and its otpauth:// link for the QR code (same shape as GET totp/qr/). */
export const AddMfaAppResponse = TotpQrResponse;
export type AddMfaAppResponse = typeof AddMfaAppResponse.Type;

/** POST users/me/mfa/confirm/: the first code from the method being added proves it works. */
export const ConfirmMfaBody = Schema.Struct({
  mfa_option: MfaMethod,
  otp_code: OtpCode,
});
export type ConfirmMfaBody = typeof ConfirmMfaBody.Type;

/**
 * PUT users/me/mfa/default/: make `mfa_option` the default, confirmed by a fresh code of
 * `confirm_option` (the current authenticator code, or an e-mail/SMS code from send_code).
 */
export const DefaultMfaBody = Schema.Struct({
  mfa_option: MfaMethod,
  confirm_option: MfaMethod,
  otp_code: OtpCode,
});
export type DefaultMfaBody = typeof DefaultMfaBody.Type;

/**
 * POST users/me/mfa/remove/: remove `mfa_option`, confirmed by a fresh code of `confirm_option`
 * (the method being removed or another confirmed one). The last method cannot be removed.
 */
export const RemoveMfaBody = Schema.Struct({
  mfa_option: MfaMethod,
  confirm_option: MfaMethod,
  otp_code: OtpCode,
});
export type RemoveMfaBody = typeof RemoveMfaBody.Type;

// The catalogue names these failures precisely, so the server answers with them, not ERROR_056.
const MFA_OPTION_CODES = { missing: "ERROR_016", invalid: "ERROR_009" } as const;
const OTP_CODE_CODES = { missing: "ERROR_018", invalid: "ERROR_019" } as const;

/** Catalogue codes for PATCH users/me/: an unreadable phone is ERROR_002. */
export const PROFILE_PATCH_FIELD_CODES: FieldCodes = { phone: { invalid: "ERROR_002" } };

/** Catalogue codes for send_code: no method ERROR_016, unsupported method ERROR_009. */
export const SEND_STEP_UP_CODE_FIELD_CODES: FieldCodes = { mfa_option: MFA_OPTION_CODES };

/** Catalogue codes for adding a method: both methods as above, bad phone ERROR_002, code as below. */
export const ADD_MFA_FIELD_CODES: FieldCodes = {
  mfa_option: MFA_OPTION_CODES,
  confirm_option: MFA_OPTION_CODES,
  phone: { invalid: "ERROR_002" },
  otp_code: OTP_CODE_CODES,
};

/** Catalogue codes for resending a pending method's code: method as above. */
export const RESEND_MFA_CODE_FIELD_CODES: FieldCodes = { mfa_option: MFA_OPTION_CODES };

/** Catalogue codes for confirming a new method: method as above; no code ERROR_018, not six digits ERROR_019. */
export const CONFIRM_MFA_FIELD_CODES: FieldCodes = {
  mfa_option: MFA_OPTION_CODES,
  otp_code: OTP_CODE_CODES,
};

/** Catalogue codes for changing the default or removing a method: both methods as above, code as above. */
export const STEP_UP_MFA_FIELD_CODES: FieldCodes = {
  mfa_option: MFA_OPTION_CODES,
  confirm_option: MFA_OPTION_CODES,
  otp_code: OTP_CODE_CODES,
};
export const DEFAULT_MFA_FIELD_CODES: FieldCodes = STEP_UP_MFA_FIELD_CODES;
export const REMOVE_MFA_FIELD_CODES: FieldCodes = STEP_UP_MFA_FIELD_CODES;
