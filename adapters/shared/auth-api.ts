import {
  changePwdEndpoint,
  checkResetTokenEndpoint,
  createMfaEndpoint,
  forgotPasswordEndpoint,
  loginWebEndpoint,
  logoutEndpoint,
  refreshEndpoint,
  resendOtpEndpoint,
  resetPasswordEndpoint,
  totpQrEndpoint,
  verifyOtpEndpoint,
} from "../../domain/auth/auth-endpoints.ts";
import type { ApiClient } from "./api-client.ts";
import type { AuthApi } from "./auth-port.ts";
import { type EarlyAnswers, NO_EARLY_ANSWERS } from "./session/session-boot.ts";

/** The Authentication calls on the given client, each from its endpoint (domain/auth/auth-endpoints.ts). */
export const createAuthApi = (client: ApiClient, early: EarlyAnswers = NO_EARLY_ANSWERS): AuthApi => ({
  loginWeb: (email, password) => client.call(loginWebEndpoint, { auth: { kind: "basic", email, password } }),
  logout: (refreshToken) => client.call(logoutEndpoint, { body: { refresh_token: refreshToken }, refreshOnUnauthorized: false }),
  changePassword: (body) => client.call(changePwdEndpoint, { body }),
  forgotPassword: (email) => client.call(forgotPasswordEndpoint, { body: { email }, auth: { kind: "none" } }),
  resetPassword: (body) => client.call(resetPasswordEndpoint, { body, auth: { kind: "none" } }),
  checkResetToken: (token, signal) => client.call(checkResetTokenEndpoint, { body: { token }, auth: { kind: "none" }, signal }),
  createMfa: (body) => client.call(createMfaEndpoint, { body }),
  resendOtp: (method) => client.call(resendOtpEndpoint, { body: { mfa_option: method } }),
  verifyOtp: (body) => client.call(verifyOtpEndpoint, { body }),
  // A reloaded tab's first refresh was sent by the boot script before the app ran: its answer is used.
  refresh: async (refreshToken) =>
    (await early.refresh(refreshToken)) ??
    client.call(refreshEndpoint, { body: { refresh: refreshToken }, auth: { kind: "none" }, refreshOnUnauthorized: false }),
  totpQr: () => client.call(totpQrEndpoint, {}),
});
