import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { activationOffered, checkActivationHasPassword } from "./first-activation.ts";

describe("checkActivationHasPassword", () => {
  it("refuses to activate a pending person who never accepted their invitation (ERROR_050 with the status)", () => {
    expect(checkActivationHasPassword("pending", false)).toEqual({
      ok: false,
      code: "ERROR_050",
      message: "The action is not allowed for the current status: pending",
      field: "status",
      placeholders: { status: "pending" },
    });
  });

  test.prop([fc.constantFrom("pending", "inactive", "active")])("allows it once a password exists, and never without one", (status) => {
    expect(checkActivationHasPassword(status, true).ok).toBe(true);
    expect(checkActivationHasPassword(status, false)).toMatchObject({ ok: false, code: "ERROR_050", placeholders: { status } });
  });
});

describe("activationOffered", () => {
  it("offers Activate on a pending person only once their invitation was used", () => {
    expect(activationOffered("pending", "open")).toBe(false);
    expect(activationOffered("pending", "expired")).toBe(false);
    expect(activationOffered("pending", "revoked")).toBe(false);
    expect(activationOffered("pending", null)).toBe(false);
    expect(activationOffered("pending", "used")).toBe(true);
    expect(activationOffered("inactive", null)).toBe(true);
  });
});
