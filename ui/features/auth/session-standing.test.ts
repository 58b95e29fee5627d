import { describe, expect, it } from "vitest";
import type { AuthStanding } from "../../../machines/auth/auth-route-guards.ts";
import { sameFlowFacts, sessionStanding, type FlowFacts } from "./session-standing.ts";

const anonymousFlow: FlowFacts = { standing: { kind: "anonymous" }, awaitingLogin: false };
const preAuthFlow: FlowFacts = {
  standing: { kind: "preAuthenticated", needChangePassword: false, needTwoFactor: true },
  awaitingLogin: false,
};
const unknown: AuthStanding = { kind: "preAuthenticated", needChangePassword: null, needTwoFactor: null };

describe("sessionStanding", () => {
  it("counts an authenticated or restoring session as signed in, whatever the flow says", () => {
    expect(sessionStanding("authenticated", anonymousFlow)).toEqual({ kind: "signedIn" });
    expect(sessionStanding("restoring", preAuthFlow)).toEqual({ kind: "signedIn" });
  });

  it("counts a cleared session as anonymous even while the flow still holds a token", () => {
    expect(sessionStanding("anonymous", preAuthFlow)).toEqual({ kind: "anonymous" });
  });

  it("takes what a pre-authenticated person still owes from the flow", () => {
    expect(sessionStanding("preAuthenticated", preAuthFlow)).toEqual(preAuthFlow.standing);
  });

  it("reads a stored pre-auth token the flow does not know as the spec's unknown state", () => {
    expect(sessionStanding("preAuthenticated", anonymousFlow)).toEqual(unknown);
  });

  it("is not unknown in the moment between login_web's answer and the flow taking it", () => {
    expect(sessionStanding("preAuthenticated", { ...anonymousFlow, awaitingLogin: true })).toEqual({ kind: "anonymous" });
  });
});

describe("sameFlowFacts", () => {
  it("compares by value", () => {
    expect(sameFlowFacts(preAuthFlow, { ...preAuthFlow, standing: { ...preAuthFlow.standing } })).toBe(true);
    expect(sameFlowFacts(preAuthFlow, { ...preAuthFlow, standing: { kind: "preAuthenticated", needChangePassword: true, needTwoFactor: true } })).toBe(false);
    expect(sameFlowFacts(anonymousFlow, { ...anonymousFlow, awaitingLogin: true })).toBe(false);
    expect(sameFlowFacts(anonymousFlow, preAuthFlow)).toBe(false);
  });
});
