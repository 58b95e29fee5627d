import { LoginWebResponse, RefreshResponse, TotpQrResponse, VerifyOtpResponse } from "../../domain/shared/wire/auth.ts";
import type { ApiClient } from "./api-client.ts";
import type { AuthApi } from "./auth-port.ts";

const AUTH = "/api/authentication";

/** The Authentication calls on the given client, paths exactly as spec section 7 (trailing slashes). */
export const createAuthApi = (client: ApiClient): AuthApi => ({
  loginWeb: (email, password) =>
    client.post(`${AUTH}/login_web/`, {
      schema: LoginWebResponse,
      auth: { kind: "basic", email, password },
    }),
  logout: (refreshToken) =>
    client.post(`${AUTH}/logout/`, {
      schema: undefined,
      body: { refresh_token: refreshToken },
      refreshOnUnauthorized: false,
    }),
  changePassword: (body) => client.post(`${AUTH}/change_pwd/`, { schema: undefined, body }),
  forgotPassword: (email) =>
    client.post(`${AUTH}/forgot_password/`, { schema: undefined, body: { email }, auth: { kind: "none" } }),
  resetPassword: (body) =>
    client.post(`${AUTH}/reset_password/`, { schema: undefined, body, auth: { kind: "none" } }),
  createMfa: (body) => client.post(`${AUTH}/totp/create_mfa/`, { schema: undefined, body }),
  resendOtp: (method) => client.post(`${AUTH}/totp/re_send/`, { schema: undefined, body: { mfa_option: method } }),
  verifyOtp: (body) => client.post(`${AUTH}/totp/verify/`, { schema: VerifyOtpResponse, body }),
  refresh: (refreshToken) =>
    client.post(`${AUTH}/refresh/`, {
      schema: RefreshResponse,
      body: { refresh: refreshToken },
      auth: { kind: "none" },
      refreshOnUnauthorized: false,
    }),
  totpQr: () => client.get(`${AUTH}/totp/qr/`, { schema: TotpQrResponse }),
});

