import {
  LoginWebResponse,
  RefreshResponse,
  TotpQrResponse,
  VerifyOtpResponse,
  type ChangePasswordBody,
  type CreateMfaBody,
  type ResetPasswordBody,
  type VerifyOtpBody,
} from "../../domain/shared/wire/auth.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { ApiClient } from "./api-client.ts";

const AUTH = "/api/authentication";

/** The Authentication calls of spec section 7; each rejects with an ApiFailure. */
export type AuthApi = {
  /** Password sign-in (Basic header): a pre-auth token and the user's second-factor state. */
  readonly loginWeb: (email: string, password: string) => Promise<LoginWebResponse>;
  /** Revokes the refresh token on the server; never starts a token refresh. */
  readonly logout: (refreshToken: string) => Promise<void>;
  readonly changePassword: (body: ChangePasswordBody) => Promise<void>;
  /** Anonymous: the server answers the same whether or not the address has an account. */
  readonly forgotPassword: (email: string) => Promise<void>;
  readonly resetPassword: (body: ResetPasswordBody) => Promise<void>;
  readonly createMfa: (body: CreateMfaBody) => Promise<void>;
  readonly resendOtp: (method: MfaMethod) => Promise<void>;
  /** The verified second factor: the full session's tokens. */
  readonly verifyOtp: (body: VerifyOtpBody) => Promise<VerifyOtpResponse>;
  /** Rotates the refresh token; anonymous by design, since the access token has expired by now. */
  readonly refresh: (refreshToken: string) => Promise<RefreshResponse>;
  readonly totpQr: () => Promise<TotpQrResponse>;
};

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

