import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { INVITATION_STATES } from "./invitation-policy.ts";
import { invitationShown } from "./invitation-shown.ts";
import type { InvitationSummary } from "./invitation-wire.ts";

const summary = fc.record({
  state: fc.constantFrom(...INVITATION_STATES),
  invited_by: fc.constant(null),
  sent_at: fc.constant("2026-11-27T09:00:00.000Z"),
  expires_at: fc.constant("2026-11-30T09:00:00.000Z"),
}) as fc.Arbitrary<InvitationSummary>;

describe("which records show an invitation", () => {
  test.prop([fc.constantFrom("pending", "active", "inactive", "deleted"), fc.option(summary, { nil: undefined })])(
    "only a pending person's, and only when one was sent",
    (status, sent) => {
      expect(invitationShown(status, sent)).toEqual(status === "pending" && sent !== undefined ? sent : null);
    },
  );
});
