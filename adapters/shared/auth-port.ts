import type {
  ChangePasswordBody,
  CreateMfaBody,
  LoginWebResponse,
  RefreshResponse,
  ResetPasswordBody,
  TotpQrResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "../../domain/shared/wire/auth.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";

// The port the sign-in machine's actors, sign-out and the token refresh depend on; auth-api.ts
// is its HTTP implementation, and tests hand in fakes of this type.

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
  /** Anonymous: resolves while the reset link still works, rejects with ERROR_056 otherwise; uses nothing up. */
  readonly checkResetToken: (token: string, signal?: AbortSignal) => Promise<void>;
  readonly createMfa: (body: CreateMfaBody) => Promise<void>;
  readonly resendOtp: (method: MfaMethod) => Promise<void>;
  /** The verified second factor: the full session's tokens. */
  readonly verifyOtp: (body: VerifyOtpBody) => Promise<VerifyOtpResponse>;
  /** Rotates the refresh token; anonymous by design, since the access token has expired by now. */
  readonly refresh: (refreshToken: string) => Promise<RefreshResponse>;
  readonly totpQr: () => Promise<TotpQrResponse>;
};
