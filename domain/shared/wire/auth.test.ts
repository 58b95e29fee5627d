import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  AuthUser,
  ChangePasswordBody,
  CREATE_MFA_FIELD_CODES,
  CreateMfaBody,
  ForgotPasswordBody,
  LoginWebResponse,
  LogoutBody,
  RefreshBody,
  RefreshResponse,
  ResendOtpBody,
  RESEND_OTP_FIELD_CODES,
  ResetPasswordBody,
  TotpQrResponse,
  VERIFY_OTP_FIELD_CODES,
  VerifyOtpBody,
  VerifyOtpResponse,
} from "./auth.ts";
import { decodeStrict } from "./decode.ts";
import {
  emailArb,
  idArb,
  maskedPhoneArb,
  mfaMethodArb,
  wireContractTests,
  tokenArb,
} from "./wire-arbitraries.test-helper.ts";

const authUserArb = fc.record({
  id: idArb,
  change_password: fc.boolean(),
  default_mfa_method: fc.option(mfaMethodArb, { nil: null }),
  mfa_methods: fc.uniqueArray(mfaMethodArb),
  phone: fc.option(maskedPhoneArb, { nil: null }),
});
const passwordArb = fc.string({ maxLength: 64 });

const examples = [
  [LoginWebResponse, fc.record({ token: tokenArb, user: authUserArb })],
  [LogoutBody, fc.record({ refresh_token: tokenArb })],
  [ChangePasswordBody, fc.record({ old_password: passwordArb, new_password: passwordArb, new_password_confirmation: passwordArb })],
  [ForgotPasswordBody, fc.record({ email: emailArb })],
  [ResetPasswordBody, fc.record({ token: tokenArb, new_password: passwordArb, new_password_confirmation: passwordArb })],
  [CreateMfaBody, fc.record({ mfa_option: mfaMethodArb, phone: fc.stringMatching(/^\+[1-9][0-9]{6,14}$/) }, { requiredKeys: ["mfa_option"] })],
  [ResendOtpBody, fc.record({ mfa_option: mfaMethodArb })],
  [VerifyOtpBody, fc.record({ mfa_option: mfaMethodArb, otp_code: fc.stringMatching(/^[0-9]{6}$/) })],
  [VerifyOtpResponse, fc.record({ access_token: tokenArb, refresh_token: tokenArb, user: authUserArb })],
  [RefreshBody, fc.record({ refresh: tokenArb })],
  [RefreshResponse, fc.record({ access: tokenArb, refresh: tokenArb })],
  [TotpQrResponse, fc.record({ secret: fc.stringMatching(/^[A-Z2-7]{16,32}$/), url: fc.string().map((label) => `otpauth://totp/${encodeURIComponent(label)}`) })],
] as const;

describe("sign-in", () => {
  it("decodes the login_web answer", () => {
    const wire = {
      token: "pre-auth-token",
      user: { id: 4, change_password: true, default_mfa_method: null, mfa_methods: [], phone: null },
    };
    expect(decodeStrict(LoginWebResponse)(wire)).toEqual({ ok: true, value: wire });
  });

  it("refuses an unmasked phone on the auth user", () => {
    const user = { id: 4, change_password: false, default_mfa_method: "sms", mfa_methods: ["sms"], phone: "+15551234567" };
    expect(decodeStrict(AuthUser)(user)).toMatchObject({ ok: false, field: "phone" });
  });

  it("refuses an unknown MFA method", () => {
    const user = { id: 4, change_password: false, default_mfa_method: "carrier-pigeon", mfa_methods: [], phone: null };
    expect(decodeStrict(AuthUser)(user)).toMatchObject({ ok: false, field: "default_mfa_method" });
  });

  it("refuses a logout body that smuggles extra fields", () => {
    expect(decodeStrict(LogoutBody)({ refresh_token: "r", user_id: 1 })).toMatchObject({ ok: false, field: "user_id" });
  });
});

describe("second factor", () => {
  it("answers a malformed OTP with ERROR_019 and a missing one with ERROR_018", () => {
    expect(decodeStrict(VerifyOtpBody, VERIFY_OTP_FIELD_CODES)({ mfa_option: "app", otp_code: "12345" })).toMatchObject({
      ok: false,
      code: "ERROR_019",
      message: "The OTP code is invalid",
      field: "otp_code",
    });
    expect(decodeStrict(VerifyOtpBody, VERIFY_OTP_FIELD_CODES)({ mfa_option: "app" })).toMatchObject({
      ok: false,
      code: "ERROR_018",
    });
  });

  it("answers a missing method with ERROR_016 and an unsupported one with ERROR_009", () => {
    expect(decodeStrict(ResendOtpBody, RESEND_OTP_FIELD_CODES)({})).toMatchObject({ code: "ERROR_016" });
    expect(decodeStrict(ResendOtpBody, RESEND_OTP_FIELD_CODES)({ mfa_option: "fax" })).toMatchObject({ code: "ERROR_009" });
    expect(decodeStrict(CreateMfaBody, CREATE_MFA_FIELD_CODES)({ mfa_option: "fax" })).toMatchObject({ code: "ERROR_009" });
  });

  it("lets create_mfa omit the phone (email and app need none)", () => {
    expect(decodeStrict(CreateMfaBody)({ mfa_option: "app" })).toEqual({ ok: true, value: { mfa_option: "app" } });
  });

  it.each(["12 456", "abcdef", "1234567", 123456])("refuses the OTP %j", (otp) => {
    expect(decodeStrict(VerifyOtpBody)({ mfa_option: "email", otp_code: otp }).ok).toBe(false);
  });

  it("refuses a QR link that is not an otpauth link", () => {
    expect(decodeStrict(TotpQrResponse)({ secret: "JBSWY3DPEHPK3PXP", url: "https://evil.example" })).toMatchObject({
      ok: false,
      field: "url",
    });
  });
});

describe("round trips and hostile input", () => {
  wireContractTests("auth", examples);
});
