import * as Schema from "effect/Schema";
import { createScriptedActors } from "../shared/testing/scripted-actors.test-helper.ts";
import {
  LoginWebResponse,
  TotpQrResponse,
  VerifyOtpResponse,
  type ChangePasswordBody,
  type CreateMfaBody,
  type ResendOtpBody,
  type VerifyOtpBody,
} from "../../domain/shared/wire/auth.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { LoadQrInput, LoginInput, PreAuthInput } from "./sign-in.actors.ts";

type Io = {
  login: { input: LoginInput; output: LoginWebResponse };
  changePassword: { input: PreAuthInput<ChangePasswordBody>; output: void };
  createMfa: { input: PreAuthInput<CreateMfaBody>; output: void };
  loadQr: { input: LoadQrInput; output: TotpQrResponse };
  sendCode: { input: PreAuthInput<ResendOtpBody>; output: void };
  verifyCode: { input: PreAuthInput<VerifyOtpBody>; output: VerifyOtpResponse };
};

export const PRE_AUTH_TOKEN = "pre-auth-token";
export const ACCESS_TOKEN = "access-token";
export const REFRESH_TOKEN = "refresh-token";

/** A login_web answer for a user with these second factors, decoded as the adapter would. */
export const loginResponse = (options: {
  readonly changePassword?: boolean;
  readonly defaultMethod?: MfaMethod | null;
  readonly methods?: readonly MfaMethod[];
}): LoginWebResponse =>
  Schema.decodeUnknownSync(LoginWebResponse)({
    token: PRE_AUTH_TOKEN,
    user: {
      id: 7,
      change_password: options.changePassword ?? false,
      default_mfa_method: options.defaultMethod ?? null,
      mfa_methods: options.methods ?? [],
      phone: "********4567",
    },
  });

/** A totp/verify answer with both tokens. */
export const verifyResponse = (): VerifyOtpResponse =>
  Schema.decodeUnknownSync(VerifyOtpResponse)({
    access_token: ACCESS_TOKEN,
    refresh_token: REFRESH_TOKEN,
    user: { id: 7, change_password: false, default_mfa_method: "email", mfa_methods: ["email"], phone: null },
  });

/** A totp/qr answer. */
export const qrResponse = (): TotpQrResponse =>
  Schema.decodeUnknownSync(TotpQrResponse)({
    secret: "JBSWY3DPEHPK3PXP",
    url: "otpauth://totp/Portal:ana%40clinic.test?secret=JBSWY3DPEHPK3PXP",
  });

/**
 * Fake auth actors that answer only what a test scripted: any call without a scripted answer is
 * recorded as unexpected (and rejects), so `expectNoSurprises` fails the test afterwards.
 */
export const createFakeAuth = () => createScriptedActors<Io>(["login", "changePassword", "createMfa", "loadQr", "sendCode", "verifyCode"]);
