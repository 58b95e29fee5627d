import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MFA_METHODS, type MfaMethod } from "../shared/wire/mfa-method.ts";
import { SECURITY_CHANGE, type SecurityChange, securityNoticeEmail } from "./security-notice.ts";

const at = new Date("2026-11-26T23:10:41.000Z");
const from = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" };
const publicUrl = "https://portal.example.org";

describe("securityNoticeEmail", () => {
  it("says what changed, when, from where, and what to do", () => {
    const email = securityNoticeEmail({ change: "factor_added", method: "app", at, from, publicUrl });
    expect(email.subject).toBe("A sign-in verification method was added");
    expect(email.text).toContain("A way to verify your sign-ins was added: an authenticator app.");
    expect(email.text).toContain("When: 2026-11-26 23:10 UTC");
    expect(email.text).toContain("From: IP address 203.0.113.9, Mozilla/5.0 (X11; Linux x86_64)");
    expect(email.text).toContain("https://portal.example.org/auth/forgot-password");
  });

  it("names no browser when the request sent none", () => {
    expect(securityNoticeEmail({ change: "password_changed", at, from: { ip: "::1", userAgent: null }, publicUrl }).text).toContain("From: IP address ::1\n");
  });

  test.prop([fc.constantFrom<SecurityChange>(...Object.values(SECURITY_CHANGE)), fc.constantFrom<MfaMethod>(...MFA_METHODS), fc.string({ maxLength: 400 })])(
    "keeps a hostile browser string on one bounded line and every notice has its own subject",
    (change, method, userAgent) => {
      const email = securityNoticeEmail({ change, method, at, from: { ip: "192.0.2.1", userAgent }, publicUrl });
      const fromLine = email.text.split("\n").find((line) => line.startsWith("From: ")) ?? "";
      expect(fromLine.length).toBeLessThanOrEqual("From: IP address 192.0.2.1, ".length + 200);
      expect(email.text.split("\n")).toHaveLength(7);
      expect(email.subject.length).toBeGreaterThan(0);
    },
  );
});
