// @vitest-environment jsdom
import { accountApiOf } from "./account-api.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserId } from "../../domain/shared/ids.ts";
import { currentUserWire, startHarness, type Harness } from "../shared/fixtures.test-helper.ts";
import { errorBody, type RecordedRequest } from "../shared/test-server.test-helper.ts";

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
  harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
});
afterEach(async () => {
  await harness.close();
});

const appSecret = { secret: "JBSWY3DPEHPK3PXP", url: "otpauth://totp/Portal:ann?secret=JBSWY3DPEHPK3PXP" };
const updatedUser = { ...currentUserWire, first_name: "Annie", default_mfa_method: "email" };

const answerFor = (request: RecordedRequest) => {
  if (request.url === "/api/users/me/mfa/" && (request.body as { mfa_option?: string }).mfa_option === "app") {
    return { status: 200, json: appSecret };
  }
  if (request.url.endsWith("/change_password/") || request.url.endsWith("/send_code/") || request.url.endsWith("/re_send/") || request.url === "/api/users/me/mfa/") {
    return { status: 204 };
  }
  return { status: 200, json: updatedUser };
};

describe("account calls", () => {
  it("send each body to its exact path with the Bearer token", async () => {
    harness.server.script(answerFor);
    const accountApi = accountApiOf(harness.adapters.client);
    await accountApi.updateProfile({ first_name: "Annie", phone: null }, 4);
    await accountApi.changePassword({ old_password: "old-pass-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" });
    await accountApi.sendStepUpCode({ mfa_option: "email" });
    await accountApi.startMfa({ mfa_option: "sms", phone: "+14155552671", confirm_option: "email", otp_code: "222222" });
    await accountApi.resendMfaCode({ mfa_option: "sms" });
    await accountApi.confirmMfa({ mfa_option: "sms", otp_code: "123456" });
    await accountApi.setDefaultMfa({ mfa_option: "sms", confirm_option: "app", otp_code: "654321" });
    await accountApi.removeMfa({ mfa_option: "email", confirm_option: "app", otp_code: "111111" });
    // Only the profile change edits the record as it was read, so only it names a version.
    expect(harness.server.requests.map((r) => r.headers["if-match"])).toEqual(['"4"', undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(harness.server.requests.map((r) => [r.method, r.url, r.headers.authorization, r.body])).toEqual([
      ["PATCH", "/api/users/me/", "Bearer acc-1", { first_name: "Annie", phone: null }],
      ["POST", "/api/users/me/change_password/", "Bearer acc-1", { old_password: "old-pass-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" }],
      ["POST", "/api/users/me/mfa/send_code/", "Bearer acc-1", { mfa_option: "email" }],
      ["POST", "/api/users/me/mfa/", "Bearer acc-1", { mfa_option: "sms", phone: "+14155552671", confirm_option: "email", otp_code: "222222" }],
      ["POST", "/api/users/me/mfa/re_send/", "Bearer acc-1", { mfa_option: "sms" }],
      ["POST", "/api/users/me/mfa/confirm/", "Bearer acc-1", { mfa_option: "sms", otp_code: "123456" }],
      ["PUT", "/api/users/me/mfa/default/", "Bearer acc-1", { mfa_option: "sms", confirm_option: "app", otp_code: "654321" }],
      ["POST", "/api/users/me/mfa/remove/", "Bearer acc-1", { mfa_option: "email", confirm_option: "app", otp_code: "111111" }],
    ]);
  });

  it("decode the updated user record from every change that answers one", async () => {
    harness.server.script(answerFor);
    const accountApi = accountApiOf(harness.adapters.client);
    const users = [
      await accountApi.updateProfile({ first_name: "Annie" }, 1),
      await accountApi.confirmMfa({ mfa_option: "app", otp_code: "123456" }),
      await accountApi.setDefaultMfa({ mfa_option: "email", confirm_option: "app", otp_code: "123456" }),
      await accountApi.removeMfa({ mfa_option: "app", confirm_option: "email", otp_code: "123456" }),
    ];
    for (const user of users) {
      expect(user.first_name).toBe("Annie");
      expect(user.default_mfa_method).toBe("email");
      expect(user.role.code_name).toBe("staff");
    }
  });

  it("start an authenticator app with its secret, and email or SMS with nothing", async () => {
    harness.server.script(answerFor);
    const accountApi = accountApiOf(harness.adapters.client);
    await expect(accountApi.startMfa({ mfa_option: "app", confirm_option: "email", otp_code: "222222" })).resolves.toEqual(appSecret);
    await expect(accountApi.startMfa({ mfa_option: "email", confirm_option: "app", otp_code: "222222" })).resolves.toBeUndefined();
    await expect(accountApi.changePassword({ old_password: "a-pass-123", new_password: "b-pass-123", new_password_confirmation: "b-pass-123" })).resolves.toBeUndefined();
  });

  it("reject with the catalogue failure, 429 reading ERROR_012", async () => {
    harness.server.script((request) =>
      request.url.endsWith("/send_code/")
        ? { status: 429, json: errorBody("ERROR_001", "slow down") }
        : { status: 400, json: errorBody("ERROR_019", "The OTP code is invalid", "otp_code") },
    );
    const accountApi = accountApiOf(harness.adapters.client);
    await expect(accountApi.sendStepUpCode({ mfa_option: "sms" })).rejects.toMatchObject({ code: "ERROR_012", status: 429 });
    await expect(accountApi.confirmMfa({ mfa_option: "sms", otp_code: "000000" })).rejects.toMatchObject({
      code: "ERROR_019",
      message: "The otp code is invalid",
      status: 400,
      field: "otp_code",
    });
  });

  it("reject an answer that is not a user record as ERROR_001 rather than trusting it", async () => {
    harness.server.script(() => ({ status: 200, json: { id: 12 } }));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await expect(accountApiOf(harness.adapters.client).updateProfile({ last_name: "Li" }, 1)).rejects.toMatchObject({ code: "ERROR_001", status: 200 });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });

  it("an app start answered without its secret is a failure, not an empty success", async () => {
    harness.server.script(() => ({ status: 204 }));
    const original = console.error;
    console.error = () => {};
    try {
      await expect(accountApiOf(harness.adapters.client).startMfa({ mfa_option: "app", confirm_option: "email", otp_code: "222222" })).rejects.toMatchObject({ code: "ERROR_001" });
    } finally {
      console.error = original;
    }
  });
});
