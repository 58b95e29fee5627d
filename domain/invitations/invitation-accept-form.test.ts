import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "../shared/validators/password.ts";
import { checkInvitationAccept, EMPTY_INVITATION_ACCEPT_DRAFT } from "./invitation-accept-form.ts";

// A password as the person may type it: any characters, spaces and emoji included (never trimmed).
const password = fc.string({ unit: "grapheme", maxLength: 30 });

describe("the invitation-accept form's check", () => {
  it("asks for a long-enough password on an empty form, and nothing of the matching confirmation", () => {
    expect(checkInvitationAccept(EMPTY_INVITATION_ACCEPT_DRAFT)).toEqual({ ok: false, errors: { new_password: "The password must be at least 8 characters long" } });
  });

  it("shows both messages at once: a short password and a confirmation that differs", () => {
    const checked = checkInvitationAccept({ new_password: "short", new_password_confirmation: "shorter" });
    expect(checked.ok ? null : Object.keys(checked.errors).sort()).toEqual(["new_password", "new_password_confirmation"]);
  });

  it("sends the passwords exactly as typed, spaces kept", () => {
    const typed = { new_password: " battery staple 9 ", new_password_confirmation: " battery staple 9 " };
    expect(checkInvitationAccept(typed)).toEqual({ ok: true, value: typed });
  });

  test.prop([password, password])("takes a pair only when the password has at least eight characters and the confirmation repeats it", (chosen, repeated) => {
    const checked = checkInvitationAccept({ new_password: chosen, new_password_confirmation: repeated });
    expect(checked.ok).toBe([...chosen].length >= MIN_PASSWORD_LENGTH && chosen === repeated);
    if (!checked.ok) {
      expect(checked.errors.new_password !== undefined).toBe([...chosen].length < MIN_PASSWORD_LENGTH);
      expect(checked.errors.new_password_confirmation !== undefined).toBe(chosen !== repeated);
    }
  });
});
