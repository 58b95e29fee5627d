import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  ADD_MFA_FIELD_CODES,
  AddMfaAppResponse,
  AddMfaBody,
  ResendMfaCodeBody,
  AccountPasswordBody,
  CONFIRM_MFA_FIELD_CODES,
  ConfirmMfaBody,
  DEFAULT_MFA_FIELD_CODES,
  DefaultMfaBody,
  PROFILE_PATCH_FIELD_CODES,
  ProfilePatchBody,
  REMOVE_MFA_FIELD_CODES,
  RemoveMfaBody,
  SEND_STEP_UP_CODE_FIELD_CODES,
  SendStepUpCodeBody,
} from "./account-wire.ts";
import { decodeStrict } from "../shared/wire/decode.ts";
import { mfaMethodArb, nameArb, trimmedTextArb, wireContractTests } from "../shared/wire/wire-arbitraries.test-helper.ts";

const otpArb = fc.stringMatching(/^[0-9]{6}$/);
const passwordArb = fc.string({ maxLength: 64 });

const examples = [
  [
    ProfilePatchBody,
    fc.record(
      { first_name: nameArb, last_name: nameArb, phone: fc.option(trimmedTextArb(32), { nil: null }) },
      { requiredKeys: [] },
    ),
  ],
  [AccountPasswordBody, fc.record({ old_password: passwordArb, new_password: passwordArb, new_password_confirmation: passwordArb })],
  [SendStepUpCodeBody, fc.record({ mfa_option: mfaMethodArb })],
  [
    AddMfaBody,
    fc.record(
      { mfa_option: mfaMethodArb, phone: fc.stringMatching(/^\+[1-9][0-9]{6,14}$/), confirm_option: mfaMethodArb, otp_code: otpArb },
      { requiredKeys: ["mfa_option", "confirm_option", "otp_code"] },
    ),
  ],
  [ResendMfaCodeBody, fc.record({ mfa_option: mfaMethodArb })],
  [AddMfaAppResponse, fc.record({ secret: fc.stringMatching(/^[A-Z2-7]{16,32}$/), url: fc.string().map((label) => `otpauth://totp/${encodeURIComponent(label)}`) })],
  [ConfirmMfaBody, fc.record({ mfa_option: mfaMethodArb, otp_code: otpArb })],
  [DefaultMfaBody, fc.record({ mfa_option: mfaMethodArb, confirm_option: mfaMethodArb, otp_code: otpArb })],
  [RemoveMfaBody, fc.record({ mfa_option: mfaMethodArb, confirm_option: mfaMethodArb, otp_code: otpArb })],
] as const;

describe("profile", () => {
  it("trims names and lets the phone be cleared with null", () => {
    expect(decodeStrict(ProfilePatchBody, PROFILE_PATCH_FIELD_CODES)({ first_name: "  Ada ", phone: null })).toEqual({
      ok: true,
      value: { first_name: "Ada", phone: null },
    });
  });

  it("refuses an unknown field by name with ERROR_056", () => {
    expect(decodeStrict(ProfilePatchBody, PROFILE_PATCH_FIELD_CODES)({ email: "x@y.zz" })).toMatchObject({
      ok: false,
      code: "ERROR_056",
      field: "email",
    });
  });

  it("answers a phone that is not text with ERROR_002", () => {
    expect(decodeStrict(ProfilePatchBody, PROFILE_PATCH_FIELD_CODES)({ phone: 5551234 })).toMatchObject({ ok: false, code: "ERROR_002", field: "phone" });
  });

  it("refuses a name longer than 150 characters", () => {
    expect(decodeStrict(ProfilePatchBody)({ last_name: "a".repeat(151) })).toMatchObject({ ok: false, field: "last_name" });
  });
});

describe("second factors", () => {
  it("answers a missing method with ERROR_016 and an unknown one with ERROR_009", () => {
    expect(decodeStrict(SendStepUpCodeBody, SEND_STEP_UP_CODE_FIELD_CODES)({})).toMatchObject({ code: "ERROR_016", field: "mfa_option" });
    expect(decodeStrict(AddMfaBody, ADD_MFA_FIELD_CODES)({ mfa_option: "fax", confirm_option: "email", otp_code: "123456" })).toMatchObject({ code: "ERROR_009" });
    // Adding is a step-up: without the confirming method's code nothing is decoded (issue 19).
    expect(decodeStrict(AddMfaBody, ADD_MFA_FIELD_CODES)({ mfa_option: "app" })).toMatchObject({ ok: false });
    expect(decodeStrict(RemoveMfaBody, REMOVE_MFA_FIELD_CODES)({ mfa_option: "sms", otp_code: "123456" })).toMatchObject({
      code: "ERROR_016",
      field: "confirm_option",
    });
  });

  it("answers a missing code with ERROR_018 and a malformed one with ERROR_019", () => {
    expect(decodeStrict(ConfirmMfaBody, CONFIRM_MFA_FIELD_CODES)({ mfa_option: "app" })).toMatchObject({ code: "ERROR_018", field: "otp_code" });
    expect(decodeStrict(DefaultMfaBody, DEFAULT_MFA_FIELD_CODES)({ mfa_option: "app", confirm_option: "email", otp_code: "12a456" })).toMatchObject({
      code: "ERROR_019",
      field: "otp_code",
    });
  });

  it("answers a phone that is not text with ERROR_002", () => {
    expect(decodeStrict(AddMfaBody, ADD_MFA_FIELD_CODES)({ mfa_option: "sms", phone: ["+1"] })).toMatchObject({ code: "ERROR_002", field: "phone" });
  });

  it("refuses extra fields on a step-up body", () => {
    expect(decodeStrict(RemoveMfaBody, REMOVE_MFA_FIELD_CODES)({ mfa_option: "sms", confirm_option: "sms", otp_code: "123456", user_id: 2 })).toMatchObject({
      code: "ERROR_056",
      field: "user_id",
    });
  });
});

describe("round trips and hostile input", () => {
  wireContractTests("account", examples);
});
