import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { INVITATION_STATES } from "./invitation-policy.ts";
import { invitationActions, invitationSentence } from "./invitation-text.ts";

const summary = { state: "open", invited_by: { first_name: "Rosa", last_name: "Diaz" }, sent_at: "2026-11-02T10:00:00Z", expires_at: "2026-11-05T10:00:00Z" } as const;

describe("the invitation as a record shows it", () => {
  it("names who sent it, when, and until when it works", () => {
    expect(invitationSentence(summary)).toMatch(/^Invited by Rosa Diaz on 11\/02\/2026\. The link works until 11\/05\/2026/);
    expect(invitationSentence({ ...summary, invited_by: null, state: "expired" })).toMatch(/^Invited on 11\/02\/2026\. The link expired on .*send a new invitation\.$/);
  });

  test.prop([fc.constantFrom(...INVITATION_STATES), fc.constantFrom("pending", "active", "inactive", "archived")])(
    "only a pending person's link can be resent (unless already used) or withdrawn (only while open)",
    (state, status) => {
      const actions = invitationActions(status, { ...summary, state });
      expect(actions.resend).toBe(status === "pending" && state !== "used");
      expect(actions.revoke).toBe(status === "pending" && state === "open");
    },
  );

  it("a pending person never invited (the seed's) can be sent a first link", () => {
    expect(invitationActions("pending", null)).toEqual({ resend: true, revoke: false });
  });
});
