import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { INVITATION_LIFETIME_MS, checkInvitationIssuable, invitationExpiry, invitationState } from "./invitation-policy.ts";

const instant = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true });

describe("invitation state", () => {
  it("expires exactly 72 hours after it was sent", () => {
    const sent = new Date("2026-11-27T10:00:00Z");
    const expiresAt = invitationExpiry(sent);
    expect(expiresAt.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    const facts = { expiresAt, usedAt: null, revokedAt: null };
    expect(invitationState(facts, new Date(expiresAt.getTime() - 1))).toBe("open");
    expect(invitationState(facts, expiresAt)).toBe("expired");
  });

  test.prop([instant, fc.integer({ min: 0, max: 2 * INVITATION_LIFETIME_MS })])("an unused, unrevoked link is open before its expiry and expired from then on", (sent, elapsed) => {
    const facts = { expiresAt: invitationExpiry(sent), usedAt: null, revokedAt: null };
    expect(invitationState(facts, new Date(sent.getTime() + elapsed))).toBe(elapsed < INVITATION_LIFETIME_MS ? "open" : "expired");
  });

  test.prop([instant, instant, fc.option(instant, { nil: null })])("a used link stays used, whenever it is looked at and whether or not it was later revoked", (sent, now, revokedAt) => {
    expect(invitationState({ expiresAt: invitationExpiry(sent), usedAt: sent, revokedAt }, now)).toBe("used");
  });

  test.prop([instant, instant])("a revoked link never opens again, even before its expiry", (sent, now) => {
    expect(invitationState({ expiresAt: invitationExpiry(sent), usedAt: null, revokedAt: sent }, now)).toBe("revoked");
  });
});

describe("checkInvitationIssuable", () => {
  it("refuses a link to someone who already has a password (ERROR_050, status used), whatever the reason it is asked for", () => {
    expect(checkInvitationIssuable({ hasPassword: true })).toEqual({
      ok: false,
      code: "ERROR_050",
      message: "The action is not allowed for the current status: used",
      field: "status",
      placeholders: { status: "used" },
    });
  });

  it("allows a link to someone who has no password yet", () => {
    expect(checkInvitationIssuable({ hasPassword: false })).toEqual({ ok: true, value: true });
  });
});
