import { describe, expect, it } from "vitest";
import { phoneNumbers } from "../shared/validators/phone.ts";
import { PlaceId, RoleId, StaffId } from "../shared/ids.ts";
import { contactMessagesAsTyped, savesNothing, withPersonChange } from "../shared/person-form.ts";
import type { Place } from "../shared/wire/place.ts";
import { checkStaffForm, EMPTY_STAFF_DRAFT, type StaffDraft, staffDraftOf, staffFieldOfServerField } from "./staff-form.ts";
import type { StaffMember } from "./staff-wire.ts";

const member = (status: StaffMember["status"]): StaffMember => ({
  id: StaffId.make(12),
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@clinic.org",
  status,
  created_at: "2023-11-02T14:00:00Z",
  invitation: null,
  version: 3,
  caseload: { patients: 0, active_patients: 0 },
  groups: [],
  role: { id: RoleId.make(4), title: "SLP", code_name: "staff" },
  contact_info: { address_1: "1 Main St", address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
});

// The form's changes as the staff-form machine makes them (machines/slps/staff-form.machine.ts runs
// these rules on its events; its own test covers the events, the messages and the submit).
type Change = readonly ["first_name" | "last_name" | "email" | "phone" | "zip_code" | "address_1", string] | readonly ["country", Place | null];
const run = (draft: StaffDraft, ...changes: Change[]): StaffDraft => changes.reduce<StaffDraft>((next, [field, value]) => withPersonChange(next, field, value), draft);
const type = (field: "first_name" | "last_name" | "email" | "phone" | "zip_code" | "address_1", value: string): Change => [field, value];
const US = { id: PlaceId.make(1), name: "United States", code2: "US", alternate_names: null } as never;
const invite = (draft: StaffDraft, allowedDomains: readonly string[] = []) => checkStaffForm(draft, { record: null, allowedDomains }, phoneNumbers);
const edit = (record: StaffMember, ...changes: Change[]) => {
  const checked = checkStaffForm(run(staffDraftOf(record), ...changes), { record, allowedDomains: [] }, phoneNumbers);
  return checked.ok ? checked.value : null;
};

describe("the SLP form", () => {
  it("invites a new SLP with the staff role, trimmed names and contact", () => {
    const checked = invite(run(EMPTY_STAFF_DRAFT, type("first_name", " Ann "), type("last_name", "Lee"), type("email", "Ann@Clinic.ORG"), type("phone", "415 555 2671")));
    expect(checked).toEqual({
      ok: true,
      value: {
        kind: "create",
        body: {
          first_name: "Ann",
          last_name: "Lee",
          email: "Ann@clinic.org",
          role: "staff",
          contact_info: { address_1: null, address_2: null, country: null, state: null, city: null, zip_code: null, phone: "+14155552671" },
        },
      },
    });
  });

  it("marks every bad field at once: names, phone (ERROR_002), postal code without a country (ERROR_076)", () => {
    const checked = invite(run(EMPTY_STAFF_DRAFT, type("first_name", "A"), type("email", "ann@"), type("phone", "12"), type("zip_code", "94110")));
    expect(checked.ok).toBe(false);
    expect(checked.ok ? {} : checked.errors).toMatchObject({
      first_name: "The first name is too short.",
      last_name: "The last name is required",
      email: "The email is not valid",
      phone: "The phone number is not valid",
      zip_code: "Country must be selected to validate postal code",
    });
  });

  it("checks the postal code against the chosen country as it is typed", () => {
    const draft = run(EMPTY_STAFF_DRAFT, ["country", US], type("zip_code", "ABC"));
    expect(contactMessagesAsTyped(draft, "zip_code").zip_code).toBe("Invalid postal code for United States");
    expect(contactMessagesAsTyped(run(draft, type("zip_code", "94110")), "zip_code").zip_code).toBeUndefined();
  });

  it("refuses an address outside the institution's domains when they are known (ERROR_022)", () => {
    const filled = run(EMPTY_STAFF_DRAFT, type("first_name", "Ann"), type("last_name", "Lee"), type("email", "ann@gmail.com"));
    const refused = invite(filled, ["clinic.org"]);
    expect(refused.ok ? null : refused.errors.email).toBe("The email does not belong to the institution");
    const any = invite(filled);
    expect(any.ok ? any.value.kind : null).toBe("create");
  });

  it("sends only what an edit changed", () => {
    expect(edit(member("active"), type("last_name", "Lee-Park"), type("address_1", ""))).toEqual({ kind: "update", body: { last_name: "Lee-Park", contact_info: { address_1: null } } });
    const unchanged = edit(member("active"));
    expect(unchanged !== null && savesNothing(unchanged)).toBe(true);
  });

  it("sends the e-mail only while pending and only when it changed (the same address would be ERROR_047)", () => {
    const sameAddress = edit(member("pending"), type("email", "ANN@clinic.org"));
    expect(sameAddress !== null && savesNothing(sameAddress)).toBe(true);
    expect(edit(member("pending"), type("email", "ann.lee@clinic.org"))).toEqual({
      kind: "update",
      body: { email: "ann.lee@clinic.org" },
    });
    const locked = edit(member("active"), type("email", "ann.lee@clinic.org"));
    expect(locked !== null && savesNothing(locked)).toBe(true);
  });

  it("names the field of a server refusal (contact_info.phone is the phone), or none for the alert", () => {
    expect(staffFieldOfServerField("contact_info.phone")).toBe("phone");
    expect(staffFieldOfServerField("version")).toBeNull();
  });
});

describe("an SLP someone else changed meanwhile", () => {
  it("lists only the fields the person edited, with the stored value and theirs", async () => {
    const { staffConflict, staffDraftOf } = await import("./staff-form.ts");
    const started = member("active");
    const current = { ...started, first_name: "Annie", last_name: "Park", version: 4 };
    const draft = { ...staffDraftOf(started), last_name: "Lee-Smith" };
    expect(staffConflict(started, current, draft).map((change) => [change.field, change.theirs, change.mine])).toEqual([["last_name", "Park", "Lee-Smith"]]);
  });
});
