import { describe, expect, it } from "vitest";
import { NOTHING_CHANGED, initialProfileForm, profileChanges, profileFormReducer, type ProfileFormEvent, type ProfileFormState } from "./profile-form.ts";

const user = { first_name: "Ann", last_name: "Lee" };

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

const run = (events: readonly ProfileFormEvent[]): ProfileFormState => events.reduce(profileFormReducer, initialProfileForm(user));

describe("profileFormReducer", () => {
  it("asks for a save of what changed, then starts again from the saved record", () => {
    const typed = run([
      { type: "edited", field: "last_name", value: "Leigh" },
      { type: "submitted", record: user },
    ]);
    expect(typed.save).toEqual({ body: { last_name: "Leigh" }, done: "Profile saved" });
    const saved = [{ type: "sent" }, { type: "saved", record: { first_name: "Ann", last_name: "Leigh" } }] as const;
    expect(saved.reduce(profileFormReducer, typed)).toMatchObject({ save: null, draft: { first_name: "Ann", last_name: "Leigh", phone: "" } });
  });

  it("says so when nothing changed, and asks for no save", () => {
    expect(run([{ type: "submitted", record: user }])).toMatchObject({ status: NOTHING_CHANGED, save: null });
  });

  it("keeps every typed value when the server refuses, putting its message on the field or in the alert", () => {
    const refused = run([
      { type: "edited", field: "phone", value: "(415) 555-2671" },
      { type: "submitted", record: user },
      { type: "sent" },
      { type: "failed", field: "phone", message: "The phone number already exists" },
    ]);
    expect(refused.draft.phone).toBe("(415) 555-2671");
    expect(refused.errors).toEqual({ phone: "The phone number already exists" });
    expect(profileFormReducer(refused, { type: "failed", field: null, message: "An error occurred" }).alert).toBe("An error occurred");
  });

  it("drops a field's message once it is edited, and keeps the others", () => {
    const invalid = run([
      { type: "edited", field: "first_name", value: "A" },
      { type: "edited", field: "last_name", value: "" },
      { type: "submitted", record: user },
    ]);
    expect(Object.keys(invalid.errors)).toEqual(["first_name", "last_name"]);
    const corrected = profileFormReducer(invalid, { type: "edited", field: "first_name", value: "Ana" });
    expect(corrected.errors.first_name).toBeUndefined();
    expect(corrected.errors.last_name).toBe("The last name is required");
  });

  it("asks to remove the phone without checking the typed fields", () => {
    expect(run([{ type: "edited", field: "first_name", value: "" }, { type: "phoneRemoved" }]).save).toEqual({ body: { phone: null }, done: "Phone number removed" });
  });
});
