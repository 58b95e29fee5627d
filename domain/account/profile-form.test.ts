import { describe, expect, it } from "vitest";
import { phoneNumbers } from "../shared/validators/phone.ts";
import { checkProfileForm, PHONE_REMOVAL, profileChanges, profileDraftOf, profileFieldOf, profileSavesNothing } from "./profile-form.ts";

const user = { first_name: "Ann", last_name: "Lee" };

describe("profileChanges", () => {
  it("sends only what changed, trimmed, with the phone in E.164", () => {
    expect(profileChanges(user, { first_name: " Ann ", last_name: "Leigh", phone: "(415) 555-2671" }, phoneNumbers)).toEqual({
      ok: true,
      body: { last_name: "Leigh", phone: "+14155552671" },
      changed: true,
    });
  });

  it("has nothing to send when nothing changed and no new phone was typed", () => {
    expect(profileChanges(user, { first_name: "Ann", last_name: "Lee", phone: "" }, phoneNumbers)).toEqual({ ok: true, body: {}, changed: false });
  });

  it("gives each field's first problem", () => {
    expect(profileChanges(user, { first_name: "A", last_name: "", phone: "12" }, phoneNumbers)).toEqual({
      ok: false,
      errors: {
        first_name: "The first name is too short.",
        last_name: "The last name is required",
        phone: "The phone number is not valid",
      },
    });
  });
});

// The form's events (typing, a save started again from the saved record, a refusal) are the
// profile-form machine's: machines/account/profile-form.machine.test.ts.
describe("the profile form's check", () => {
  it("asks for a save of what changed, and opens on a saved record with the phone empty", () => {
    expect(checkProfileForm({ ...profileDraftOf(user), last_name: "Leigh" }, user, phoneNumbers)).toEqual({ ok: true, value: { body: { last_name: "Leigh" }, done: "Profile saved" } });
    expect(profileDraftOf({ first_name: "Ann", last_name: "Leigh" })).toEqual({ first_name: "Ann", last_name: "Leigh", phone: "" });
  });

  it("has nothing to save when nothing changed", () => {
    const checked = checkProfileForm(profileDraftOf(user), user, phoneNumbers);
    expect(checked.ok && profileSavesNothing(checked.value)).toBe(true);
  });

  it("removes the phone without the typed fields", () => {
    expect(PHONE_REMOVAL).toEqual({ body: { phone: null }, done: "Phone number removed" });
    expect(profileSavesNothing(PHONE_REMOVAL)).toBe(false);
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
