import { describe, expect, it } from "vitest";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import {
  guardAuthPath,
  guardChangePasswordPage,
  guardOtpPage,
  guardPreAuthPage,
  guardPublicAuthPage,
  guardRegistrationPage,
  guardSignInPage,
  standingOf,
  type AuthStanding,
} from "./auth-route-guards.ts";
import { authRouteFor, MAIN_PAGE } from "./auth-route.ts";
import { loginResponse, verifyResponse } from "./sign-in.fakes.test-helper.ts";
import { signInMachine } from "./sign-in.machine.ts";
import { INITIAL_SIGN_IN_CONTEXT } from "./sign-in.types.ts";

const preAuth = { ...INITIAL_SIGN_IN_CONTEXT, preAuthToken: "t", user: loginResponse({ methods: ["email"] }).user };
const at = (value: Parameters<typeof signInMachine.resolveState>[0]["value"], method: MfaMethod | null = null) =>
  signInMachine.resolveState({ value, context: { ...preAuth, method } });

describe("authRouteFor", () => {
  it.each([
    ["enteringCredentials", null, "/auth/sign-in"],
    ["signingIn", null, "/auth/sign-in"],
    [{ changingPassword: "enteringPasswords" }, null, "/auth/change-password"],
    [{ changingPassword: "savingPassword" }, null, "/auth/change-password"],
    ["choosingMethod", null, "/auth/mfa"],
    [{ registeringMethod: "creatingMethod" }, "email", "/auth/mfa"],
    [{ registeringMethod: "creatingMethod" }, "sms", "/auth/mfa/registration?platform=sms"],
    [{ registeringMethod: "enteringPhone" }, "sms", "/auth/mfa/registration?platform=sms"],
    [{ registeringMethod: "creatingMethod" }, "app", "/auth/mfa/registration?platform=app"],
    [{ registeringMethod: "loadingQr" }, "app", "/auth/mfa/registration?platform=app"],
    [{ registeringMethod: "showingQr" }, "app", "/auth/mfa/registration?platform=app"],
    ["sendingCode", "email", "/auth/mfa/otp?platform=email"],
    ["enteringCode", "sms", "/auth/mfa/otp?platform=sms"],
    ["verifyingCode", "app", "/auth/mfa/otp?platform=app"],
  ] as const)("%j with method %s shows %s", (value, method, route) => {
    expect(authRouteFor(at(value, method))).toBe(route);
  });

  it("sends a signed-in person to the main page", () => {
    const session = { accessToken: "a", refreshToken: "r", user: verifyResponse().user };
    const snapshot = signInMachine.resolveState({ value: "signedIn", context: { ...INITIAL_SIGN_IN_CONTEXT, session } });
    expect(authRouteFor(snapshot)).toBe(MAIN_PAGE);
    expect(standingOf(snapshot)).toEqual({ kind: "signedIn" });
  });
});

const anonymous: AuthStanding = { kind: "anonymous" };
const signedIn: AuthStanding = { kind: "signedIn" };
const mustChange: AuthStanding = { kind: "preAuthenticated", needChangePassword: true, needTwoFactor: true };
const owesCode: AuthStanding = { kind: "preAuthenticated", needChangePassword: false, needTwoFactor: true };
const unknown: AuthStanding = { kind: "preAuthenticated", needChangePassword: null, needTwoFactor: true };

describe("route guards of spec section 2", () => {
  it("/auth/sign-in: signed in goes to the main page, pre-authenticated to change-password", () => {
    expect(guardSignInPage(signedIn)).toEqual({ kind: "redirect", to: "/" });
    expect(guardSignInPage(owesCode)).toEqual({ kind: "redirect", to: "/auth/change-password" });
    expect(guardSignInPage(anonymous)).toEqual({ kind: "allow" });
  });

  it("auth guard: signed in to the main page, unknown pre-auth state cleared, anyone else to sign-in", () => {
    expect(guardPreAuthPage(signedIn)).toEqual({ kind: "redirect", to: "/" });
    expect(guardPreAuthPage(unknown)).toEqual({ kind: "clearAndRedirect", to: "/auth/sign-in" });
    expect(guardPreAuthPage({ ...owesCode, needTwoFactor: null })).toEqual({ kind: "clearAndRedirect", to: "/auth/sign-in" });
    expect(guardPreAuthPage(anonymous)).toEqual({ kind: "redirect", to: "/auth/sign-in" });
    expect(guardPreAuthPage(owesCode)).toEqual({ kind: "allow" });
  });

  it("/auth/change-password continues to /auth/mfa when no change is needed", () => {
    expect(guardChangePasswordPage(mustChange)).toEqual({ kind: "allow" });
    expect(guardChangePasswordPage(owesCode)).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(guardChangePasswordPage(anonymous)).toEqual({ kind: "redirect", to: "/auth/sign-in" });
  });

  it("/auth/mfa/otp needs a known platform, registration only sms or app", () => {
    for (const platform of ["email", "sms", "app"]) expect(guardOtpPage(owesCode, platform)).toEqual({ kind: "allow" });
    for (const platform of ["fax", "", null, undefined, "EMAIL"]) {
      expect(guardOtpPage(owesCode, platform)).toEqual({ kind: "redirect", to: "/auth/mfa" });
    }
    expect(guardRegistrationPage(owesCode, "sms")).toEqual({ kind: "allow" });
    expect(guardRegistrationPage(owesCode, "app")).toEqual({ kind: "allow" });
    expect(guardRegistrationPage(owesCode, "email")).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(guardRegistrationPage(signedIn, "sms")).toEqual({ kind: "redirect", to: "/" });
  });

  it("forgot-password and email-confirmation send signed-in and pre-authenticated users to the main page", () => {
    expect(guardPublicAuthPage(signedIn)).toEqual({ kind: "redirect", to: "/" });
    expect(guardPublicAuthPage(owesCode)).toEqual({ kind: "redirect", to: "/" });
    expect(guardPublicAuthPage(anonymous)).toEqual({ kind: "allow" });
    expect(guardAuthPath("/auth/forgot-password", null, owesCode)).toEqual({ kind: "redirect", to: "/" });
    expect(guardAuthPath("/auth/email-confirmation", null, anonymous)).toEqual({ kind: "allow" });
  });

  it("dispatches each /auth path to its guard and leaves other paths alone", () => {
    expect(guardAuthPath("/auth/mfa/otp", "fax", owesCode)).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(guardAuthPath("/auth/mfa/registration", "email", owesCode)).toEqual({ kind: "redirect", to: "/auth/mfa" });
    expect(guardAuthPath("/auth/mfa", null, anonymous)).toEqual({ kind: "redirect", to: "/auth/sign-in" });
    expect(guardAuthPath("/auth/sign-in", null, signedIn)).toEqual({ kind: "redirect", to: "/" });
    expect(guardAuthPath("/auth/change-password", null, mustChange)).toEqual({ kind: "allow" });
    expect(guardAuthPath("/dashboard", null, anonymous)).toEqual({ kind: "allow" });
  });

  it("reads the standing from the sign-in snapshot", () => {
    expect(standingOf(signInMachine.resolveState({ value: "enteringCredentials", context: INITIAL_SIGN_IN_CONTEXT }))).toEqual(anonymous);
    expect(standingOf(at("choosingMethod"))).toEqual(owesCode);
  });
});
