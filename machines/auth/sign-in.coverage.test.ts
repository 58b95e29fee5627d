import { describe, expect, it } from "vitest";
import { getShortestPaths } from "@xstate/graph";
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from "xstate";
import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import { exploreCoverage } from "../diagrams/coverage.test-helper.ts";
import { guardAuthPath, standingOf } from "./auth-route-guards.ts";
import { authRouteFor } from "./auth-route.ts";
import { loginResponse, qrResponse, verifyResponse } from "./sign-in.fakes.test-helper.ts";
import { signInMachine } from "./sign-in.machine.ts";
import type { SignInContext } from "./sign-in.types.ts";

// Sample events carry payloads, and invoke results are events the machine never declares itself.
type SampleEvent = EventObject & Readonly<Record<string, unknown>>;
const machine: AnyStateMachine = signInMachine;

const failed = (src: string, code: string, status: number): SampleEvent[] => [
  { type: `xstate.error.actor.${src}`, error: { code, message: "from the server", status } },
];
const preAuthCall = (src: string, output: unknown): SampleEvent[] => [
  { type: `xstate.done.actor.${src}`, output },
  ...failed(src, "ERROR_056", 400),
  ...failed(src, "ERROR_001", 401),
];

/** One sample of every event, with the payload variants that pick each guarded branch. */
const SAMPLE_EVENTS: readonly SampleEvent[] = [
  { type: "credentials.submit", email: "ana@clinic.test", password: "correct horse" },
  { type: "password.submit", oldPassword: "old password", newPassword: "a new password", confirmation: "a new password" },
  { type: "password.submit", oldPassword: "old password", newPassword: "short", confirmation: "short" },
  { type: "method.choose", method: "email" },
  { type: "method.choose", method: "sms" },
  { type: "method.choose", method: "app" },
  { type: "method.change" },
  { type: "phone.submit", phone: toSmsPhone("+14155552671") },
  { type: "phone.submit", phone: toSmsPhone("12") },
  { type: "qr.scanned" },
  { type: "code.resend" },
  { type: "otp.submit", code: "123456" },
  { type: "otp.submit", code: "12" },
  { type: "session.cleared" },
  { type: "session.ended" },
  ...[
    loginResponse({ changePassword: true, methods: ["email", "sms"] }),
    loginResponse({ changePassword: true, defaultMethod: "sms", methods: ["sms"] }),
    loginResponse({ changePassword: true, defaultMethod: "app", methods: ["app"] }),
    loginResponse({ defaultMethod: "email", methods: ["email"] }),
    loginResponse({ defaultMethod: "app", methods: ["app"] }),
    loginResponse({ defaultMethod: "email", methods: ["email", "app"] }),
    loginResponse({ methods: [] }),
  ].map((output) => ({ type: "xstate.done.actor.login", output })),
  ...failed("login", "ERROR_005", 400),
  ...preAuthCall("changePassword", undefined),
  ...preAuthCall("createMfa", undefined),
  ...preAuthCall("loadQr", qrResponse()),
  ...preAuthCall("sendCode", undefined),
  ...preAuthCall("verifyCode", verifyResponse()),
];

// Only what decides later transitions makes a state distinct; messages and tokens' text do not.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context: SignInContext = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    token: context.preAuthToken !== null,
    user: context.user === null ? null : [context.user.change_password, context.user.default_mfa_method, context.user.mfa_methods],
    method: context.method,
    sms: context.smsPhone !== null,
    session: context.session !== null,
    error: context.error?.code ?? null,
  });
};

describe("the sign-in machine, explored with @xstate/graph", () => {
  const coverage = exploreCoverage(machine, { events: SAMPLE_EVENTS, serializeState });

  it("reaches every state node", () => {
    expect(coverage.stateIds.length).toBeGreaterThan(10);
    expect(coverage.unreachedStateIds).toEqual([]);
  });

  it("takes every transition, guarded branches and invoke results included", () => {
    expect(coverage.transitionKeys.length).toBeGreaterThanOrEqual(40);
    expect(coverage.untakenTransitionKeys).toEqual([]);
  });

  it("would notice a transition no sample event takes", () => {
    const withoutScan = SAMPLE_EVENTS.filter((event) => event.type !== "qr.scanned");
    expect(exploreCoverage(machine, { events: withoutScan, serializeState }).untakenTransitionKeys).toEqual([
      "signIn.registeringMethod.showingQr --qr.scanned--> signIn.enteringCode",
    ]);
  });

  it("always names a route the route guards accept for the state it is in", () => {
    const paths = getShortestPaths(machine, { events: SAMPLE_EVENTS, serializeState });
    expect(paths.length).toBeGreaterThan(20);
    for (const { state } of paths) {
      const [path = "", query = ""] = authRouteFor(state).split("?");
      const platform = new URLSearchParams(query).get("platform");
      expect(guardAuthPath(path, platform, standingOf(state)), `${JSON.stringify(state.value)} -> ${path}`).toEqual({ kind: "allow" });
    }
  });
});
