import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromCallback, waitFor } from "xstate";
import { catalogueMessage } from "../../domain/shared/error-catalogue.ts";
import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import {
  ACCESS_TOKEN,
  createFakeAuth,
  loginResponse,
  PRE_AUTH_TOKEN,
  qrResponse,
  REFRESH_TOKEN,
  verifyResponse,
} from "./sign-in.fakes.test-helper.ts";
import { signInMachine } from "./sign-in.machine.ts";

const EMAIL = "ana@clinic.test";
const PASSWORD = "correct horse battery";

let fakes = createFakeAuth();

const start = () => {
  fakes = createFakeAuth();
  return createActor(signInMachine.provide({ actors: fakes.actors })).start();
};
type SignInActor = ReturnType<typeof start>;

const signIn = (actor: SignInActor) => actor.send({ type: "credentials.submit", email: EMAIL, password: PASSWORD });

afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

describe("signing in with a password", () => {
  it("shows ERROR_005 on wrong credentials, keeps the email and never keeps the password", async () => {
    const actor = start();
    fakes.rejectNext("login", { code: "ERROR_005", message: catalogueMessage("ERROR_005"), status: 400 });
    signIn(actor);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(PASSWORD);
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCredentials"));
    expect(snapshot.context.error).toEqual({ code: "ERROR_005", message: "The username or password is incorrect", status: 400 });
    expect(snapshot.context.email).toBe(EMAIL);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(PASSWORD);
    expect(fakes.calls.login).toEqual([{ email: EMAIL, password: PASSWORD }]);
  });

  it("reads HTTP 429 as ERROR_012 whatever the body said", async () => {
    const actor = start();
    fakes.rejectNext("login", { code: "ERROR_005", message: "Too many", status: 429 });
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCredentials") && s.context.error !== null);
    expect(snapshot.context.error?.code).toBe("ERROR_012");
    expect(snapshot.context.error?.message).toBe("The maximum number of attempts has been reached");
  });

  it("reads an unknown failure as ERROR_001", async () => {
    const actor = start();
    fakes.rejectNext("login", new TypeError("fetch failed"));
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toEqual({ code: "ERROR_001", message: "An error occurred" });
  });

  it("keeps the pre-auth token and user, and never the password, once login succeeds", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ methods: ["email", "sms"], defaultMethod: "email" }));
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.matches("choosingMethod"));
    expect(snapshot.context.preAuthToken).toBe(PRE_AUTH_TOKEN);
    expect(snapshot.context.user?.mfa_methods).toEqual(["email", "sms"]);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(PASSWORD);
  });
});

describe("the forced password change", () => {
  const toPasswordChange = async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ changePassword: true, methods: ["email", "app"] }));
    signIn(actor);
    await waitFor(actor, (s) => s.matches({ changingPassword: "enteringPasswords" }));
    return actor;
  };

  it("goes to changingPassword when the server asks for it", async () => {
    const actor = await toPasswordChange();
    expect(actor.getSnapshot().context.user?.change_password).toBe(true);
  });

  it.each([
    ["short", "short", "short", "ERROR_006"],
    ["same as old", PASSWORD, PASSWORD, "ERROR_010"],
    ["mismatched", "new password 1", "new password 2", "ERROR_008"],
  ])("refuses a %s new password locally without calling the server", async (_, newPassword, confirmation, code) => {
    const actor = await toPasswordChange();
    actor.send({ type: "password.submit", oldPassword: PASSWORD, newPassword, confirmation });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ changingPassword: "enteringPasswords" })).toBe(true);
    expect(snapshot.context.error?.code).toBe(code);
    expect(fakes.calls.changePassword).toHaveLength(0);
  });

  it("changes the password, then asks for a method", async () => {
    const actor = await toPasswordChange();
    fakes.resolveNext("changePassword", undefined);
    actor.send({ type: "password.submit", oldPassword: PASSWORD, newPassword: "a new password", confirmation: "a new password" });
    const snapshot = await waitFor(actor, (s) => s.matches("choosingMethod"));
    expect(fakes.calls.changePassword).toEqual([
      {
        token: PRE_AUTH_TOKEN,
        body: { old_password: PASSWORD, new_password: "a new password", new_password_confirmation: "a new password" },
      },
    ]);
    expect(snapshot.context.user?.change_password).toBe(false);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain("a new password");
  });

  it("shows the server's refusal and lets the person try again", async () => {
    const actor = await toPasswordChange();
    fakes.rejectNext("changePassword", { code: "ERROR_007", message: catalogueMessage("ERROR_007"), status: 400 });
    actor.send({ type: "password.submit", oldPassword: PASSWORD, newPassword: "password", confirmation: "password" });
    const snapshot = await waitFor(actor, (s) => s.matches({ changingPassword: "enteringPasswords" }) && s.context.error !== null);
    expect(snapshot.context.error?.code).toBe("ERROR_007");
  });
});

describe("choosing and verifying a second factor", () => {
  it("goes straight to code entry when the only method is the default, sending the code once", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "sms", methods: ["sms"] }));
    fakes.resolveNext("sendCode", undefined);
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCode"));
    expect(snapshot.context.method).toBe("sms");
    expect(fakes.calls.sendCode).toEqual([{ token: PRE_AUTH_TOKEN, body: { mfa_option: "sms" } }]);
  });

  it("sends nothing for a lone default authenticator app", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "app", methods: ["app"] }));
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCode"));
    expect(snapshot.context.method).toBe("app");
    expect(snapshot.can({ type: "code.resend" })).toBe(false);
  });

  it("refuses a malformed code with ERROR_019 without asking the server", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "app", methods: ["app"] }));
    signIn(actor);
    await waitFor(actor, (s) => s.matches("enteringCode"));
    for (const code of ["12345", "1234567", "12a456", " 123456", ""]) {
      actor.send({ type: "otp.submit", code });
      expect(actor.getSnapshot().matches("enteringCode")).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual({ code: "ERROR_019", message: "The OTP code is invalid" });
    }
    expect(fakes.calls.verifyCode).toHaveLength(0);
  });

  it("signs in with the right code and hands out both tokens", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "email", methods: ["email"] }));
    fakes.resolveNext("sendCode", undefined);
    fakes.resolveNext("verifyCode", verifyResponse());
    signIn(actor);
    await waitFor(actor, (s) => s.matches("enteringCode"));
    actor.send({ type: "otp.submit", code: "123456" });
    const snapshot = await waitFor(actor, (s) => s.matches("signedIn"));
    expect(fakes.calls.verifyCode).toEqual([{ token: PRE_AUTH_TOKEN, body: { mfa_option: "email", otp_code: "123456" } }]);
    expect(snapshot.context.session).toEqual({ accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, user: verifyResponse().user });
    expect(snapshot.context.preAuthToken).toBeNull();
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain("123456");
  });

  it("shows a wrong code and a resend cooldown from the server, and resends on request", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ methods: ["email", "sms"] }));
    fakes.resolveNext("sendCode", undefined);
    fakes.rejectNext("verifyCode", { code: "ERROR_019", message: catalogueMessage("ERROR_019"), status: 400 });
    fakes.rejectNext("sendCode", { code: "ERROR_012", message: "wait", status: 429 });
    signIn(actor);
    await waitFor(actor, (s) => s.matches("choosingMethod"));
    actor.send({ type: "method.choose", method: "email" });
    await waitFor(actor, (s) => s.matches("enteringCode"));
    actor.send({ type: "otp.submit", code: "000000" });
    await waitFor(actor, (s) => s.matches("enteringCode") && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_019");
    actor.send({ type: "code.resend" });
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCode") && s.context.error?.code === "ERROR_012");
    expect(snapshot.context.error?.message).toBe("The maximum number of attempts has been reached");
    expect(fakes.calls.sendCode).toHaveLength(2);
  });
});

describe("registering a second factor", () => {
  const toMethodChoice = async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ methods: [] }));
    signIn(actor);
    await waitFor(actor, (s) => s.matches("choosingMethod"));
    return actor;
  };

  it("registers email with create_mfa alone, then asks for the code it sent", async () => {
    const actor = await toMethodChoice();
    fakes.resolveNext("createMfa", undefined);
    actor.send({ type: "method.choose", method: "email" });
    expect(actor.getSnapshot().matches({ registeringMethod: "creatingMethod" })).toBe(true);
    await waitFor(actor, (s) => s.matches("enteringCode"));
    expect(fakes.calls.createMfa).toEqual([{ token: PRE_AUTH_TOKEN, body: { mfa_option: "email" } }]);
  });

  it("registers SMS with a valid phone sent with a leading plus, refusing an invalid one locally", async () => {
    const actor = await toMethodChoice();
    actor.send({ type: "method.choose", method: "sms" });
    expect(actor.getSnapshot().matches({ registeringMethod: "enteringPhone" })).toBe(true);
    actor.send({ type: "phone.submit", phone: toSmsPhone("12") });
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_002");
    actor.send({ type: "phone.submit", phone: toSmsPhone(" ") });
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_013");
    expect(fakes.calls.createMfa).toHaveLength(0);
    fakes.resolveNext("createMfa", undefined);
    actor.send({ type: "phone.submit", phone: toSmsPhone("(415) 555-2671") });
    await waitFor(actor, (s) => s.matches("enteringCode"));
    expect(fakes.calls.createMfa).toEqual([{ token: PRE_AUTH_TOKEN, body: { mfa_option: "sms", phone: "+14155552671" } }]);
  });

  it("returns to the phone with the server's error when SMS registration fails", async () => {
    const actor = await toMethodChoice();
    fakes.rejectNext("createMfa", { code: "ERROR_021", message: catalogueMessage("ERROR_021"), status: 400 });
    actor.send({ type: "method.choose", method: "sms" });
    actor.send({ type: "phone.submit", phone: toSmsPhone("+14155552671") });
    const snapshot = await waitFor(actor, (s) => s.matches({ registeringMethod: "enteringPhone" }) && s.context.error !== null);
    expect(snapshot.context.error?.code).toBe("ERROR_021");
  });

  it("registers an authenticator app: create_mfa, then the QR code, then code entry", async () => {
    const actor = await toMethodChoice();
    fakes.resolveNext("createMfa", undefined);
    fakes.resolveNext("loadQr", qrResponse());
    actor.send({ type: "method.choose", method: "app" });
    const snapshot = await waitFor(actor, (s) => s.matches({ registeringMethod: "showingQr" }));
    expect(snapshot.context.totp).toEqual(qrResponse());
    expect(fakes.calls.loadQr).toEqual([{ token: PRE_AUTH_TOKEN }]);
    actor.send({ type: "qr.scanned" });
    expect(actor.getSnapshot().matches("enteringCode")).toBe(true);
    expect(actor.getSnapshot().context.method).toBe("app");
  });

  it("goes back to the method choice on method.change", async () => {
    const actor = await toMethodChoice();
    actor.send({ type: "method.choose", method: "sms" });
    actor.send({ type: "method.change" });
    expect(actor.getSnapshot().matches("choosingMethod")).toBe(true);
  });
});

describe("losing the pre-authenticated session", () => {
  it("clears the auth state on a 401 while pre-authenticated", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "email", methods: ["email"] }));
    fakes.rejectNext("sendCode", { code: "ERROR_001", message: "Invalid token", status: 401 });
    signIn(actor);
    const snapshot = await waitFor(actor, (s) => s.matches("enteringCredentials") && s.context.error !== null);
    expect(snapshot.context).toMatchObject({ preAuthToken: null, user: null, method: null, session: null, email: EMAIL });
    expect(snapshot.context.error?.status).toBe(401);
  });

  it("clears the auth state on session.cleared, even when signed in", async () => {
    const actor = start();
    fakes.resolveNext("login", loginResponse({ defaultMethod: "app", methods: ["app"] }));
    fakes.resolveNext("verifyCode", verifyResponse());
    signIn(actor);
    await waitFor(actor, (s) => s.matches("enteringCode"));
    actor.send({ type: "otp.submit", code: "654321" });
    await waitFor(actor, (s) => s.matches("signedIn"));
    actor.send({ type: "session.cleared" });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches("enteringCredentials")).toBe(true);
    expect(snapshot.context).toMatchObject({ preAuthToken: null, session: null, error: null });
  });

  describe("following the stored session (watchStoredSession)", () => {
    /** The flow with a stored session that the test can end, as sign-out or a failed refresh would. */
    const startWatched = () => {
      fakes = createFakeAuth();
      const stored = { end: () => {} };
      const watchStoredSession = fromCallback<{ readonly type: "session.ended" }>(({ sendBack }) => {
        stored.end = () => sendBack({ type: "session.ended" });
      });
      const actor = createActor(signInMachine.provide({ actors: { ...fakes.actors, watchStoredSession } })).start();
      return { actor, stored };
    };

    it("starts over when the stored session ends while the flow rests on a step", async () => {
      const { actor, stored } = startWatched();
      fakes.resolveNext("login", loginResponse({ methods: [] }));
      signIn(actor);
      await waitFor(actor, (s) => s.matches("choosingMethod"));
      stored.end();
      const snapshot = actor.getSnapshot();
      expect(snapshot.matches("enteringCredentials")).toBe(true);
      expect(snapshot.context).toMatchObject({ preAuthToken: null, user: null, email: EMAIL });
    });

    it("leaves a call in flight alone: its own 401 brings the message back", async () => {
      const { actor, stored } = startWatched();
      fakes.resolveNext("login", loginResponse({ defaultMethod: "app", methods: ["app"] }));
      signIn(actor);
      await waitFor(actor, (s) => s.matches("enteringCode"));
      // The fake answers on a later microtask, so the end arrives while the call is in flight.
      fakes.rejectNext("verifyCode", { code: "ERROR_001", message: "Invalid token", status: 401 });
      actor.send({ type: "otp.submit", code: "654321" });
      expect(actor.getSnapshot().matches("verifyingCode")).toBe(true);
      stored.end();
      expect(actor.getSnapshot().matches("verifyingCode")).toBe(true);
      const snapshot = await waitFor(actor, (s) => s.matches("enteringCredentials"));
      expect(snapshot.context.error?.status).toBe(401);
    });
  });
});
