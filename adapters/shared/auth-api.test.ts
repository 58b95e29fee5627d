// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserId } from "../../domain/shared/ids.ts";
import { authUser, currentUserWire, startHarness, type Harness } from "./fixtures.test-helper.ts";
import type { RecordedRequest } from "./test-server.test-helper.ts";

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.close();
});

const loginAnswer = { token: "pre-123", user: { ...authUser, id: 12 } };
const verifyAnswer = { access_token: "acc-1", refresh_token: "ref-1", user: { ...authUser, id: 12 } };
const qrAnswer = { secret: "JBSWY3DPEHPK3PXP", url: "otpauth://totp/Portal:ann?secret=JBSWY3DPEHPK3PXP" };

const answerFor = (request: RecordedRequest) => {
  if (request.url.endsWith("/login_web/")) return { status: 200, json: loginAnswer };
  if (request.url.endsWith("/totp/verify/")) return { status: 200, json: verifyAnswer };
  if (request.url.endsWith("/refresh/")) return { status: 200, json: { access: "acc-2", refresh: "ref-2" } };
  if (request.url.endsWith("/totp/qr/")) return { status: 200, json: qrAnswer };
  if (request.url.startsWith("/api/users/")) return { status: 200, json: currentUserWire };
  return { status: 204 };
};

const last = (): RecordedRequest | undefined => harness.server.requests.at(-1);

describe("authentication calls", () => {
  it("login_web sends the exact Basic header for a non-ASCII password, and no body", async () => {
    harness.server.script(answerFor);
    const answer = await harness.adapters.authApi.loginWeb("zoë@clinic.org", "pässwörd✓🙂:x");
    const expected = `Basic ${Buffer.from("zoë@clinic.org:pässwörd✓🙂:x", "utf8").toString("base64")}`;
    expect(last()).toMatchObject({ method: "POST", url: "/api/authentication/login_web/", body: undefined });
    expect(last()?.headers.authorization).toBe(expected);
    expect(answer).toEqual(loginAnswer);
  });

  it("the pre-auth calls carry the Token scheme on their exact paths", async () => {
    harness.server.script(answerFor);
    const { authApi, credentials } = harness.adapters;
    credentials.setPreAuthenticated("pre-123", authUser);
    await authApi.changePassword({ old_password: "old-pass-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" });
    await authApi.createMfa({ mfa_option: "sms", phone: "+15551234567" });
    await authApi.resendOtp("sms");
    await authApi.totpQr();
    const verified = await authApi.verifyOtp({ mfa_option: "sms", otp_code: "123456" });
    expect(harness.server.requests.map((r) => [r.method, r.url, r.headers.authorization, r.body])).toEqual([
      ["POST", "/api/authentication/change_pwd/", "Token pre-123", { old_password: "old-pass-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" }],
      ["POST", "/api/authentication/totp/create_mfa/", "Token pre-123", { mfa_option: "sms", phone: "+15551234567" }],
      ["POST", "/api/authentication/totp/re_send/", "Token pre-123", { mfa_option: "sms" }],
      ["GET", "/api/authentication/totp/qr/", "Token pre-123", undefined],
      ["POST", "/api/authentication/totp/verify/", "Token pre-123", { mfa_option: "sms", otp_code: "123456" }],
    ]);
    expect(verified).toEqual(verifyAnswer);
  });

  it("forgot password, the reset link's check and reset password are anonymous", async () => {
    harness.server.script(answerFor);
    const { authApi, credentials } = harness.adapters;
    credentials.setPreAuthenticated("pre-123", authUser);
    await authApi.forgotPassword("ann.lee@clinic.org");
    await authApi.checkResetToken("reset-1");
    await authApi.resetPassword({ token: "reset-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" });
    expect(harness.server.requests.map((r) => [r.url, r.headers.authorization, r.body])).toEqual([
      ["/api/authentication/forgot_password/", undefined, { email: "ann.lee@clinic.org" }],
      ["/api/authentication/reset_password/check/", undefined, { token: "reset-1" }],
      ["/api/authentication/reset_password/", undefined, { token: "reset-1", new_password: "new-pass-1", new_password_confirmation: "new-pass-1" }],
    ]);
  });

  it("refresh sends the refresh token in the body and no Authorization; logout sends the session's Bearer", async () => {
    harness.server.script(answerFor);
    const { authApi, credentials } = harness.adapters;
    credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
    await expect(authApi.refresh("ref-1")).resolves.toEqual({ access: "acc-2", refresh: "ref-2" });
    await authApi.logout("ref-1");
    expect(harness.server.requests.map((r) => [r.url, r.headers.authorization, r.body])).toEqual([
      ["/api/authentication/refresh/", undefined, { refresh: "ref-1" }],
      ["/api/authentication/logout/", "Bearer acc-1", { refresh_token: "ref-1" }],
    ]);
  });

  it("a 401 on refresh or logout never starts a refresh", async () => {
    harness.server.script(() => ({ status: 401, json: { code: "ERROR_001", message: "no", detail: null, id: "r" } }));
    const { authApi, credentials } = harness.adapters;
    credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
    await expect(authApi.logout("ref-1")).rejects.toMatchObject({ status: 401 });
    await expect(authApi.refresh("ref-1")).rejects.toMatchObject({ status: 401 });
    expect(harness.server.requests.map((r) => r.url)).toEqual(["/api/authentication/logout/", "/api/authentication/refresh/"]);
    expect(harness.reloads.count).toBe(0);
    expect(credentials.phase()).toBe("authenticated");
  });
});

describe("user calls", () => {
  it("getCurrentUser reads users/{id}/ with the Bearer token and decodes the record", async () => {
    harness.server.script(answerFor);
    const { usersApi, credentials } = harness.adapters;
    credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
    const user = await usersApi.getCurrentUser(UserId.make(12));
    expect(last()).toMatchObject({ method: "GET", url: "/api/users/12/" });
    expect(last()?.headers.authorization).toBe("Bearer acc-1");
    expect(user.role.code_name).toBe("staff");
    expect(user.institution?.name).toBe("Riverside Clinic");
  });

  it("getCurrentUser sends nothing for a person the store does not hold: signed out, or someone else signed in", async () => {
    harness.server.script(answerFor);
    const { usersApi, credentials } = harness.adapters;
    // A page rendered for user 12 whose read starts just after a refused refresh emptied the store.
    await expect(usersApi.getCurrentUser(UserId.make(12))).rejects.toMatchObject({ code: "ERROR_001", status: 401 });
    credentials.setAuthenticated({ accessToken: "acc-9", refreshToken: "ref-9", userId: UserId.make(9) });
    await expect(usersApi.getCurrentUser(UserId.make(12))).rejects.toMatchObject({ code: "ERROR_001", status: 401 });
    expect(harness.server.requests).toEqual([]);
    expect(credentials.phase()).toBe("authenticated");
  });
});
