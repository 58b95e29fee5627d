import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MFA_METHODS, type MfaMethod } from "../shared/wire/mfa-method.ts";
import { type SignInFactorStep, methodsToSetUpDuringSignIn, signInFactorStep } from "./sign-in-factor-rules.ts";

const methodArb = fc.constantFrom<MfaMethod>(...MFA_METHODS);
const confirmedArb = fc.uniqueArray(methodArb, { minLength: 1, maxLength: 3 });
const stepArb = fc.constantFrom<SignInFactorStep>("set_up", "show_secret", "send_code", "verify");

describe("signInFactorStep", () => {
  it("lets an account without a confirmed factor set one up and use it", () => {
    for (const method of MFA_METHODS) {
      for (const step of ["set_up", "show_secret", "send_code", "verify"] as const) {
        expect(signInFactorStep([], step, method)).toEqual({ allowed: true });
      }
    }
  });

  it("refuses the attack of issue 19: an e-mail account adding an app or SMS during sign-in", () => {
    expect(signInFactorStep(["email"], "set_up", "app")).toEqual({ allowed: false, refusal: "must_pass_confirmed_factor" });
    expect(signInFactorStep(["email"], "show_secret", "app")).toEqual({ allowed: false, refusal: "must_pass_confirmed_factor" });
    expect(signInFactorStep(["email"], "verify", "app")).toEqual({ allowed: false, refusal: "method_not_confirmed" });
    expect(signInFactorStep(["sms"], "send_code", "email")).toEqual({ allowed: false, refusal: "method_not_confirmed" });
  });

  test.prop([confirmedArb, stepArb, methodArb])(
    "with a confirmed factor, only sending or checking a code of a confirmed method is allowed",
    (confirmed, step, method) => {
      const allowed = signInFactorStep(confirmed, step, method).allowed;
      expect(allowed).toBe((step === "send_code" || step === "verify") && confirmed.includes(method));
    },
  );

  test.prop([confirmedArb, methodArb])("never lets a set-up step through once a factor is confirmed", (confirmed, method) => {
    expect(signInFactorStep(confirmed, "set_up", method).allowed).toBe(false);
    expect(signInFactorStep(confirmed, "show_secret", method).allowed).toBe(false);
  });
});

describe("methodsToSetUpDuringSignIn", () => {
  it("offers every method to an account with none", () => {
    expect(methodsToSetUpDuringSignIn([])).toEqual(MFA_METHODS);
  });

  test.prop([confirmedArb])("offers nothing to an account with a confirmed factor", (confirmed) => {
    expect(methodsToSetUpDuringSignIn(confirmed)).toEqual([]);
  });
});
