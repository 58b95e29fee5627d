import { describe, expect, it } from "vitest";
import type { AuthStanding } from "../../../machines/auth/auth-route-guards.ts";
import { addressOf, decideStepRoute } from "./step-route-decision.ts";

const anonymous: AuthStanding = { kind: "anonymous" };
const signedIn: AuthStanding = { kind: "signedIn" };
const choosing: AuthStanding = { kind: "preAuthenticated", needChangePassword: false, needTwoFactor: true };
const unknown: AuthStanding = { kind: "preAuthenticated", needChangePassword: null, needTwoFactor: null };

const ask = (path: string, search: string, standing: AuthStanding, flowRoute: string) =>
  decideStepRoute({ path, platform: new URLSearchParams(search).get("platform"), here: addressOf(path, search), standing, flowRoute });

describe("decideStepRoute", () => {
  it("shows sign-in to anonymous visitors and sends them there from every other step", () => {
    expect(ask("/auth/sign-in", "", anonymous, "/auth/sign-in")).toEqual({ kind: "allow" });
    expect(ask("/auth/mfa/otp", "platform=email", anonymous, "/auth/sign-in")).toEqual({ kind: "redirect", to: "/auth/sign-in" });
  });

  it("sends signed-in people to the main page", () => {
    expect(ask("/auth/sign-in", "", signedIn, "/")).toEqual({ kind: "redirect", to: "/" });
    expect(ask("/auth/mfa", "", signedIn, "/auth/sign-in")).toEqual({ kind: "redirect", to: "/" });
  });

  it("clears an unknown pre-auth state and goes to sign-in", () => {
    expect(ask("/auth/mfa", "", unknown, "/auth/sign-in")).toEqual({ kind: "clearAndRedirect", to: "/auth/sign-in" });
  });

  it("shows a pre-authenticated person the flow's current step and sends them there from any other", () => {
    expect(ask("/auth/mfa", "", choosing, "/auth/mfa")).toEqual({ kind: "allow" });
    expect(ask("/auth/sign-in", "", choosing, "/auth/mfa")).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(ask("/auth/mfa/otp", "platform=fax", choosing, "/auth/mfa")).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(ask("/auth/mfa/registration", "platform=email", choosing, "/auth/mfa")).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(ask("/auth/mfa", "", choosing, "/auth/mfa/otp?platform=sms")).toEqual({
      kind: "redirect",
      to: "/auth/mfa/otp?platform=sms",
    });
    expect(ask("/auth/mfa/otp", "platform=sms", choosing, "/auth/mfa/otp?platform=sms")).toEqual({ kind: "allow" });
  });
});

describe("addressOf", () => {
  it("joins path and query the way authRouteFor spells routes", () => {
    expect(addressOf("/auth/mfa", "")).toBe("/auth/mfa");
    expect(addressOf("/auth/mfa/otp", "platform=app")).toBe("/auth/mfa/otp?platform=app");
  });
});
