import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { catalogueMessage } from "../../domain/shared/error-catalogue.ts";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import { appSecret, createFakeAccount, userWith } from "./mfa-change.fakes.test-helper.ts";
import { mfaChangeMachine } from "./mfa-change.machine.ts";
import { RESEND_COOLDOWN_MS, type MfaChangeSaved } from "./mfa-change.setup.ts";

let fakes = createFakeAccount();
let announced: MfaChangeSaved[] = [];

const start = () => {
  fakes = createFakeAccount();
  announced = [];
  const machine = mfaChangeMachine.provide({
    actors: fakes.actors,
    actions: { announceSaved: (_, saved: MfaChangeSaved) => void announced.push(saved) },
  });
  return createActor(machine).start();
};
type ChangeActor = ReturnType<typeof start>;

const wrongCode = { code: "ERROR_019", message: catalogueMessage("ERROR_019"), status: 400 };
const tooSoon = { code: "ERROR_001", message: "slow down", status: 429 };

afterEach(() => {
  vi.useRealTimers();
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

const awaiting = (actor: ChangeActor) => waitFor(actor, (s) => s.matches({ awaitingCode: { entry: "typingCode" } }));

const stepUp = { confirm_option: "email", otp_code: "864200" } as const;

/** Past the step-up of an add: the person chose e-mail, a code was sent, and the entry waits for it. */
const toStepUpCode = async (actor: ChangeActor) => {
  expect(actor.getSnapshot().matches("choosingConfirmation")).toBe(true);
  fakes.resolveNext("sendStepUpCode", undefined);
  actor.send({ type: "confirmation.choose", method: "email" });
  await awaiting(actor);
  expect(fakes.calls.sendStepUpCode).toEqual([{ mfa_option: "email" }]);
};

describe("adding an authenticator app", () => {
  const toSecret = async () => {
    const actor = start();
    actor.send({ type: "add.start", method: "app", methods: ["email"] });
    await toStepUpCode(actor);
    expect(fakes.calls.startMfa).toEqual([]);
    fakes.resolveNext("startMfa", appSecret());
    actor.send({ type: "otp.submit", code: stepUp.otp_code });
    await waitFor(actor, (s) => s.matches("showingSecret"));
    return actor;
  };

  it("asks for a step-up code first, shows the secret, then confirms with the app's code", async () => {
    const actor = await toSecret();
    expect(fakes.calls.startMfa).toEqual([{ mfa_option: "app", ...stepUp }]);
    expect(actor.getSnapshot().context.totp).toEqual(appSecret());
    actor.send({ type: "secret.scanned" });
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: "notOffered" } })).toBe(true);
    expect(actor.getSnapshot().can({ type: "code.resend" })).toBe(false);
    const user = userWith(["email", "app"], "email");
    fakes.resolveNext("confirmMfa", user);
    actor.send({ type: "otp.submit", code: "123456" });
    const snapshot = await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.confirmMfa).toEqual([{ mfa_option: "app", otp_code: "123456" }]);
    expect(announced).toEqual([{ change: "add", method: "app", user }]);
    expect(snapshot.context.user).toEqual(user);
    expect(snapshot.context.totp).toBeNull();
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain("123456");
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(stepUp.otp_code);
  });

  it("refuses a code that is not six digits with ERROR_019 without a call", async () => {
    const actor = await toSecret();
    actor.send({ type: "secret.scanned" });
    actor.send({ type: "otp.submit", code: "12a456" });
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_019");
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: "typingCode" } })).toBe(true);
    expect(fakes.calls.confirmMfa).toHaveLength(0);
  });

  it("keeps the code step after the server refuses the code, and succeeds with the next one", async () => {
    const actor = await toSecret();
    actor.send({ type: "secret.scanned" });
    fakes.rejectNext("confirmMfa", wrongCode);
    actor.send({ type: "otp.submit", code: "000000" });
    const refused = await waitFor(actor, (s) => s.context.error !== null);
    expect(refused.matches({ awaitingCode: { entry: "typingCode" } })).toBe(true);
    expect(refused.context.error?.code).toBe("ERROR_019");
    fakes.resolveNext("confirmMfa", userWith(["email", "app"]));
    actor.send({ type: "otp.submit", code: "111111" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.confirmMfa.map((body) => body.otp_code)).toEqual(["000000", "111111"]);
  });

  it("stays on the step-up code when the server refuses it or the start fails, and starts with the next code", async () => {
    const actor = start();
    actor.send({ type: "add.start", method: "app", methods: ["email", "sms"] });
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "sms" });
    await awaiting(actor);
    fakes.rejectNext("startMfa", wrongCode);
    actor.send({ type: "otp.submit", code: "000000" });
    const refused = await waitFor(actor, (s) => s.context.error !== null);
    expect(refused.matches({ awaitingCode: { entry: "typingCode" } })).toBe(true);
    expect(refused.context.error?.code).toBe("ERROR_019");
    expect(refused.context.started).toBe(false);
    fakes.rejectNext("startMfa", { code: "ERROR_014", message: catalogueMessage("ERROR_014"), status: 500 });
    actor.send({ type: "otp.submit", code: "111111" });
    await waitFor(actor, (s) => s.context.error?.code === "ERROR_014");
    fakes.resolveNext("startMfa", appSecret());
    actor.send({ type: "otp.submit", code: "222222" });
    await waitFor(actor, (s) => s.matches("showingSecret"));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fakes.calls.startMfa).toEqual(["000000", "111111", "222222"].map((otp_code) => ({ mfa_option: "app", confirm_option: "sms", otp_code })));
    expect(fakes.calls.confirmMfa).toEqual([]);
  });

  it("confirms the step-up with the app's own code when the person has one, without sending anything", async () => {
    const actor = start();
    actor.send({ type: "add.start", method: "email", methods: ["app"] });
    actor.send({ type: "confirmation.choose", method: "app" });
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: "typingCode", resend: "notOffered" } })).toBe(true);
    fakes.resolveNext("startMfa", undefined);
    actor.send({ type: "otp.submit", code: "135790" });
    // A code went to the new address: a fresh entry for it, with its own resend cooldown.
    const started = await waitFor(actor, (s) => s.context.started && s.matches({ awaitingCode: { entry: "typingCode", resend: "coolingDown" } }));
    expect(started.context.error).toBeNull();
    expect(fakes.calls.startMfa).toEqual([{ mfa_option: "email", confirm_option: "app", otp_code: "135790" }]);
    fakes.resolveNext("confirmMfa", userWith(["email", "app"], "app"));
    actor.send({ type: "otp.submit", code: "975310" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.confirmMfa).toEqual([{ mfa_option: "email", otp_code: "975310" }]);
  });

  it("refuses to add a method that is already confirmed (ERROR_015) without a call", () => {
    const actor = start();
    actor.send({ type: "add.start", method: "app", methods: ["email", "app"] });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_015");
  });
});

describe("adding text messages", () => {
  const toPhone = () => {
    const actor = start();
    actor.send({ type: "add.start", method: "sms", methods: ["email"] });
    expect(actor.getSnapshot().matches("enteringPhone")).toBe(true);
    return actor;
  };

  it.each([
    ["", "ERROR_013"],
    ["12", "ERROR_002"],
    ["call 415 555 2671", "ERROR_002"],
  ])("refuses the number %j locally with %s", (phone, code) => {
    const actor = toPhone();
    actor.send({ type: "phone.submit", phone });
    expect(actor.getSnapshot().matches("enteringPhone")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe(code);
  });

  it("sends the number in E.164 with the step-up code, returns to the phone step on the server's refusal, then waits for the code", async () => {
    const actor = toPhone();
    actor.send({ type: "phone.submit", phone: "(415) 555-2671" });
    await toStepUpCode(actor);
    fakes.rejectNext("startMfa", { code: "ERROR_021", message: catalogueMessage("ERROR_021"), status: 400 });
    actor.send({ type: "otp.submit", code: stepUp.otp_code });
    const refused = await waitFor(actor, (s) => s.matches("enteringPhone") && s.context.error !== null);
    expect(refused.context.error?.code).toBe("ERROR_021");
    actor.send({ type: "phone.submit", phone: "+1 415 555 2672" });
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "email" });
    await awaiting(actor);
    fakes.resolveNext("startMfa", undefined);
    actor.send({ type: "otp.submit", code: "975310" });
    await waitFor(actor, (s) => s.context.started && s.matches({ awaitingCode: { entry: "typingCode" } }));
    expect(fakes.calls.startMfa).toEqual([
      { mfa_option: "sms", phone: "+14155552671", ...stepUp },
      { mfa_option: "sms", phone: "+14155552672", confirm_option: "email", otp_code: "975310" },
    ]);
  });

  it("resends the new number's code without a new start, only after the cooldown, which a refused code does not restart", async () => {
    vi.useFakeTimers();
    const actor = toPhone();
    actor.send({ type: "phone.submit", phone: "4155552671" });
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "email" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ awaitingCode: { entry: "typingCode" } })).toBe(true), { timeout: 10_000 });
    fakes.resolveNext("startMfa", undefined);
    actor.send({ type: "otp.submit", code: stepUp.otp_code });
    await vi.waitFor(() => expect(actor.getSnapshot().context.started).toBe(true), { timeout: 10_000 });
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: "coolingDown" } })).toBe(true);
    expect(actor.getSnapshot().can({ type: "code.resend" })).toBe(false);
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - 1000);
    fakes.rejectNext("confirmMfa", wrongCode);
    actor.send({ type: "otp.submit", code: "000000" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error?.code).toBe("ERROR_019"), { timeout: 10_000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().can({ type: "code.resend" })).toBe(true);
    fakes.resolveNext("resendMfaCode", undefined);
    actor.send({ type: "code.resend" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ awaitingCode: { resend: "coolingDown" } })).toBe(true), { timeout: 10_000 });
    expect(fakes.calls.resendMfaCode).toEqual([{ mfa_option: "sms" }]);
    expect(fakes.calls.startMfa).toHaveLength(1);
    expect(fakes.calls.sendStepUpCode).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe("changing the default and removing a method", () => {
  const toChoice = (type: "default.start" | "remove.start", method: MfaMethod, methods: readonly MfaMethod[]) => {
    const actor = start();
    actor.send({ type, method, methods });
    expect(actor.getSnapshot().matches("choosingConfirmation")).toBe(true);
    return actor;
  };

  it("never removes the last method: the domain rule refuses before any call", () => {
    const actor = start();
    actor.send({ type: "remove.start", method: "email", methods: ["email"] });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe("The last verification method cannot be removed.");
  });

  it("refuses a change of a method that is not set up (ERROR_017)", () => {
    const actor = start();
    actor.send({ type: "default.start", method: "sms", methods: ["email", "app"] });
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_017");
    expect(actor.getSnapshot().matches("idle")).toBe(true);
  });

  it("removes a method confirmed by an emailed code", async () => {
    const actor = toChoice("remove.start", "app", ["email", "app"]);
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "email" });
    await awaiting(actor);
    expect(fakes.calls.sendStepUpCode).toEqual([{ mfa_option: "email" }]);
    const user = userWith(["email"], "email");
    fakes.resolveNext("removeMfa", user);
    actor.send({ type: "otp.submit", code: "246810" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.removeMfa).toEqual([{ mfa_option: "app", confirm_option: "email", otp_code: "246810" }]);
    expect(announced).toEqual([{ change: "remove", method: "app", user }]);
  });

  it("makes a method the default, confirmed by the app's code without sending anything", async () => {
    const actor = toChoice("default.start", "sms", ["email", "sms", "app"]);
    actor.send({ type: "confirmation.choose", method: "app" });
    expect(actor.getSnapshot().matches({ awaitingCode: { entry: "typingCode", resend: "notOffered" } })).toBe(true);
    fakes.resolveNext("setDefaultMfa", userWith(["email", "sms", "app"], "sms"));
    actor.send({ type: "otp.submit", code: "135790" });
    await waitFor(actor, (s) => s.matches("done"));
    expect(fakes.calls.setDefaultMfa).toEqual([{ mfa_option: "sms", confirm_option: "app", otp_code: "135790" }]);
  });

  it("ignores a confirming method that is not set up", () => {
    const actor = toChoice("default.start", "app", ["email", "app"]);
    actor.send({ type: "confirmation.choose", method: "sms" });
    expect(actor.getSnapshot().matches("choosingConfirmation")).toBe(true);
  });

  it("shows the send cooldown (429) as ERROR_012 on the choice", async () => {
    const actor = toChoice("remove.start", "sms", ["email", "sms"]);
    fakes.rejectNext("sendStepUpCode", tooSoon);
    actor.send({ type: "confirmation.choose", method: "sms" });
    const snapshot = await waitFor(actor, (s) => s.matches("choosingConfirmation") && s.context.error !== null);
    expect(snapshot.context.error?.code).toBe("ERROR_012");
  });

  it("resends the step-up code after the cooldown and shows a refused resend", async () => {
    vi.useFakeTimers();
    const actor = toChoice("default.start", "app", ["email", "app"]);
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "email" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ awaitingCode: { resend: "coolingDown" } })).toBe(true), { timeout: 10_000 });
    await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS);
    fakes.rejectNext("sendStepUpCode", tooSoon);
    actor.send({ type: "code.resend" });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error?.code).toBe("ERROR_012"), { timeout: 10_000 });
    expect(actor.getSnapshot().matches({ awaitingCode: { resend: "resendReady" } })).toBe(true);
    expect(fakes.calls.sendStepUpCode).toEqual([{ mfa_option: "email" }, { mfa_option: "email" }]);
  });
});

describe("cancelling", () => {
  it("ends any step, forgets the change and lets another start", async () => {
    const actor = start();
    actor.send({ type: "add.start", method: "app", methods: ["email"] });
    fakes.resolveNext("sendStepUpCode", undefined);
    actor.send({ type: "confirmation.choose", method: "email" });
    await awaiting(actor);
    fakes.resolveNext("startMfa", appSecret());
    actor.send({ type: "otp.submit", code: stepUp.otp_code });
    await waitFor(actor, (s) => s.matches("showingSecret"));
    actor.send({ type: "change.cancel" });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(actor.getSnapshot().context.totp).toBeNull();
    expect(actor.getSnapshot().context.change).toBeNull();
    expect(actor.getSnapshot().context.started).toBe(false);
    actor.send({ type: "remove.start", method: "email", methods: ["email", "sms"] });
    expect(actor.getSnapshot().matches("choosingConfirmation")).toBe(true);
  });

  it("stops a call in flight: its answer changes nothing", async () => {
    const actor = start();
    actor.send({ type: "default.start", method: "email", methods: ["email", "app"] });
    actor.send({ type: "confirmation.choose", method: "app" });
    fakes.resolveNext("setDefaultMfa", userWith(["email", "app"], "email"));
    actor.send({ type: "otp.submit", code: "123123" });
    actor.send({ type: "change.cancel" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(announced).toEqual([]);
  });

  it("starts a new change after a saved one", async () => {
    const actor = start();
    actor.send({ type: "default.start", method: "email", methods: ["email", "app"] });
    actor.send({ type: "confirmation.choose", method: "app" });
    fakes.resolveNext("setDefaultMfa", userWith(["email", "app"], "email"));
    actor.send({ type: "otp.submit", code: "123123" });
    await waitFor(actor, (s) => s.matches("done"));
    actor.send({ type: "add.start", method: "sms", methods: ["email", "app"] });
    expect(actor.getSnapshot().matches("enteringPhone")).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
