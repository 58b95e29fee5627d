import {
  ChangePasswordBody,
  CREATE_MFA_FIELD_CODES,
  CreateMfaBody,
  ForgotPasswordBody,
  LoginWebResponse,
  LogoutBody,
  RefreshBody,
  RefreshResponse,
  RESEND_OTP_FIELD_CODES,
  ResendOtpBody,
  ResetPasswordBody,
  ResetTokenCheckBody,
  TotpQrResponse,
  VERIFY_OTP_FIELD_CODES,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "../shared/wire/auth.ts";
import { endpoint } from "../shared/wire/endpoint.ts";

// The Authentication calls of spec section 7 (and reset_password): signing in with a password,
// the second-factor steps after it (pre-authentication token), the password reset, and the
// session's refresh and sign-out.

/** POST authentication/login_web/: a password sign-in with Basic email:password (no body); a pre-authentication token and the person's second-factor state. */
export const loginWebEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/login_web/",
  answer: LoginWebResponse,
});

/** POST authentication/change_pwd/: the password change a sign-in must make before its second factor. */
export const changePwdEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/change_pwd/",
  body: ChangePasswordBody,
});

/** POST authentication/forgot_password/: e-mails a reset link; the same answer whether or not the address has an account. */
export const forgotPasswordEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/forgot_password/",
  body: ForgotPasswordBody,
});

/** POST authentication/reset_password/: a new password with the e-mailed reset token. */
export const resetPasswordEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/reset_password/",
  body: ResetPasswordBody,
});

/**
 * POST authentication/reset_password/check/: whether an e-mailed reset link still works, asked when
 * its page opens so a dead link says so before anyone types a password; it uses nothing up and
 * names no one (an unknown, expired or used link gets the same refusal).
 */
export const checkResetTokenEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/reset_password/check/",
  body: ResetTokenCheckBody,
});

/** POST authentication/totp/create_mfa/: starts setting up a second factor during sign-in (e-mail and SMS get a code, an app a secret). */
export const createMfaEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/totp/create_mfa/",
  body: CreateMfaBody,
  bodyCodes: CREATE_MFA_FIELD_CODES,
});

/** GET authentication/totp/qr/: the authenticator secret and its otpauth:// link while the app is being set up. */
export const totpQrEndpoint = endpoint({
  method: "GET",
  path: "/api/authentication/totp/qr/",
  answer: TotpQrResponse,
});

/** POST authentication/totp/re_send/: a new sign-in code by e-mail or SMS. */
export const resendOtpEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/totp/re_send/",
  body: ResendOtpBody,
  bodyCodes: RESEND_OTP_FIELD_CODES,
});

/** POST authentication/totp/verify/: the second-factor code; a right one opens the full session. */
export const verifyOtpEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/totp/verify/",
  body: VerifyOtpBody,
  bodyCodes: VERIFY_OTP_FIELD_CODES,
  answer: VerifyOtpResponse,
});

/** POST authentication/refresh/: a new access token for the refresh token, which is rotated. */
export const refreshEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/refresh/",
  body: RefreshBody,
  answer: RefreshResponse,
});

/** POST authentication/logout/: ends the refresh token's session (always 204). */
export const logoutEndpoint = endpoint({
  method: "POST",
  path: "/api/authentication/logout/",
  body: LogoutBody,
});
