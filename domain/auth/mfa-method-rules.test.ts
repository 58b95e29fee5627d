import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MFA_METHODS, type MfaMethod } from "../shared/wire/mfa-method.ts";
import { addableMfaMethods, canRemoveMfaMethod, DEFAULT_PREFERENCE, defaultAfterRemoval, profilePhoneLockedBySms } from "./mfa-method-rules.ts";

const methodArb = fc.constantFrom<MfaMethod>(...MFA_METHODS);
const methodsArb = fc.array(methodArb, { maxLength: 5 });

describe("canRemoveMfaMethod", () => {
  it("never removes the last confirmed method", () => {
    expect(canRemoveMfaMethod(["email"], "email")).toBe(false);
    expect(canRemoveMfaMethod(["email", "email"], "email")).toBe(false);
  });

  it("removes one of several confirmed methods, but not one that is not confirmed", () => {
    expect(canRemoveMfaMethod(["email", "app"], "email")).toBe(true);
    expect(canRemoveMfaMethod(["email", "app"], "sms")).toBe(false);
  });

  test.prop([methodsArb, methodArb])("allows a removal exactly when it is confirmed and another confirmed method remains", (confirmed, method) => {
    const remaining = new Set(confirmed.filter((m) => m !== method));
    expect(canRemoveMfaMethod(confirmed, method)).toBe(confirmed.includes(method) && remaining.size >= 1);
  });
});

describe("defaultAfterRemoval", () => {
  it("keeps a default that is not removed", () => {
    expect(defaultAfterRemoval(["email", "sms", "app"], "app", "email")).toBe("email");
  });

  it("moves a removed default to app, then sms, then email", () => {
    expect(defaultAfterRemoval(["email", "sms", "app"], "email", "email")).toBe("app");
    expect(defaultAfterRemoval(["email", "sms"], "email", "email")).toBe("sms");
    expect(defaultAfterRemoval(["email", "sms"], "sms", "sms")).toBe("email");
    expect(defaultAfterRemoval(["email", "app"], "app", "app")).toBe("email");
  });

  it("picks a remaining method when there was no default, and null when none remains", () => {
    expect(defaultAfterRemoval(["email", "sms"], "email", null)).toBe("sms");
    expect(defaultAfterRemoval(["email"], "email", "email")).toBeNull();
  });

  test.prop([methodsArb, methodArb, fc.option(methodArb, { nil: null })])(
    "always answers a remaining method (never the removed one), keeping a surviving default",
    (confirmed, removed, current) => {
      const remaining = confirmed.filter((m) => m !== removed);
      const next = defaultAfterRemoval(confirmed, removed, current);
      if (remaining.length === 0) {
        expect(next).toBeNull();
        return;
      }
      expect(next).not.toBeNull();
      expect(next).not.toBe(removed);
      expect(remaining).toContain(next);
      if (current !== null && current !== removed && remaining.includes(current)) expect(next).toBe(current);
      else expect(next).toBe(DEFAULT_PREFERENCE.find((m) => remaining.includes(m)));
    },
  );
});

describe("addableMfaMethods", () => {
  it("lists the methods not yet confirmed in the catalogue's order", () => {
    expect(addableMfaMethods([])).toEqual(["email", "sms", "app"]);
    expect(addableMfaMethods(["app", "email"])).toEqual(["sms"]);
    expect(addableMfaMethods(["email", "sms", "app"])).toEqual([]);
  });

  test.prop([methodsArb])("partitions the three methods with the confirmed ones", (confirmed) => {
    const addable = addableMfaMethods(confirmed);
    for (const method of MFA_METHODS) expect(addable.includes(method)).toBe(!confirmed.includes(method));
    expect(new Set(addable).size).toBe(addable.length);
  });
});

describe("profilePhoneLockedBySms", () => {
  it("locks the phone while SMS is confirmed, and only then", () => {
    expect(profilePhoneLockedBySms(["email", "sms"])).toBe(true);
    expect(profilePhoneLockedBySms(["sms"])).toBe(true);
    expect(profilePhoneLockedBySms(["email", "app"])).toBe(false);
    expect(profilePhoneLockedBySms([])).toBe(false);
  });

  test.prop([methodsArb])("agrees with whether SMS could be added: a locked phone means SMS is not addable", (confirmed) => {
    expect(profilePhoneLockedBySms(confirmed)).toBe(!addableMfaMethods(confirmed).includes("sms"));
  });
});
