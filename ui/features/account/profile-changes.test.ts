import { describe, expect, it } from "vitest";
import { userWith } from "../../../machines/account/mfa-change.fakes.test-helper.ts";
import { profileChanges, profileFieldOf } from "./profile-changes.ts";

const user = userWith(["email"]);

describe("profileChanges", () => {
  it("sends only what changed, trimmed, with the phone in E.164", () => {
    expect(profileChanges(user, { first_name: " Ann ", last_name: "Leigh", phone: "(415) 555-2671" })).toEqual({
      ok: true,
      body: { last_name: "Leigh", phone: "+14155552671" },
      changed: true,
    });
  });

  it("has nothing to send when nothing changed and no new phone was typed", () => {
    expect(profileChanges(user, { first_name: "Ann", last_name: "Lee", phone: "" })).toEqual({ ok: true, body: {}, changed: false });
  });

  it("gives each field's first problem", () => {
    expect(profileChanges(user, { first_name: "A", last_name: "", phone: "12" })).toEqual({
      ok: false,
      errors: {
        first_name: "The first name is too short.",
        last_name: "The last name is required",
        phone: "The phone number is not valid",
      },
    });
  });
});

describe("profileFieldOf", () => {
  it("puts a refusal on the server's field, phone codes on the phone, others in the alert", () => {
    expect(profileFieldOf({ code: "ERROR_004", message: "too short", status: 400, field: "last_name" })).toBe("last_name");
    expect(profileFieldOf({ code: "ERROR_021", message: "exists", status: 400 })).toBe("phone");
    expect(profileFieldOf({ code: "ERROR_002", message: "bad", status: 400 })).toBe("phone");
    expect(profileFieldOf({ code: "ERROR_001", message: "An error occurred", status: 500 })).toBeNull();
    expect(profileFieldOf(new Error("boom"))).toBeNull();
  });
});
