import { describe, expect, it } from "vitest";
import { isRegisteredMethod, isSentMethod, methodsToRegister, singleDefaultMethod } from "./mfa-choice.ts";
import { loginResponse } from "./sign-in.fakes.test-helper.ts";

const user = (options: Parameters<typeof loginResponse>[0]) => loginResponse(options).user;

describe("second-factor choice rules", () => {
  it("goes straight to a default method only when it is the only one", () => {
    expect(singleDefaultMethod(user({ defaultMethod: "sms", methods: ["sms"] }))).toBe("sms");
    expect(singleDefaultMethod(user({ defaultMethod: "sms", methods: ["sms", "email"] }))).toBeNull();
    expect(singleDefaultMethod(user({ defaultMethod: null, methods: ["sms"] }))).toBeNull();
    expect(singleDefaultMethod(null)).toBeNull();
  });

  it("offers to register methods only to an account that has none", () => {
    expect(methodsToRegister(user({ methods: [] }))).toEqual(["email", "sms", "app"]);
    // Issue 19: an account with a second factor passes it; adding another is Settings' step-up.
    expect(methodsToRegister(user({ methods: ["sms"] }))).toEqual([]);
    expect(isRegisteredMethod(user({ methods: ["app"] }), "app")).toBe(true);
    expect(isRegisteredMethod(null, "app")).toBe(false);
  });

  it("has the server send codes only by email and SMS", () => {
    expect(isSentMethod("email")).toBe(true);
    expect(isSentMethod("sms")).toBe(true);
    expect(isSentMethod("app")).toBe(false);
    expect(isSentMethod(null)).toBe(false);
  });
});
