import { describe, expect, it } from "vitest";
import { PlaceId, RoleId, StaffId } from "../shared/ids.ts";
import { type StaffFormState, initialStaffForm, NOTHING_TO_SAVE, staffFieldOfFailure, staffFormReducer, type StaffFormEvent } from "./staff-form.ts";
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

const run = (state: StaffFormState, ...events: StaffFormEvent[]) => events.reduce(staffFormReducer, state);
const type = (field: "first_name" | "last_name" | "email" | "phone" | "zip_code" | "address_1", value: string): StaffFormEvent => ({ type: "edited", field, value });
const US = { id: PlaceId.make(1), name: "United States", code2: "US", alternate_names: null } as never;

describe("the SLP form", () => {
  it("invites a new SLP with the staff role, trimmed names and contact", () => {
    const state = run(initialStaffForm(null), type("first_name", " Ann "), type("last_name", "Lee"), type("email", "Ann@Clinic.ORG"), type("phone", "415 555 2671"), { type: "submitted" });
    expect(state.save).toEqual({
      kind: "create",
      body: {
        first_name: "Ann",
        last_name: "Lee",
        email: "Ann@clinic.org",
        role: "staff",
        contact_info: { address_1: null, address_2: null, country: null, state: null, city: null, zip_code: null, phone: "+14155552671" },
      },
    });
  });

  it("marks every bad field at once: names, phone (ERROR_002), postal code without a country (ERROR_076)", () => {
    const state = run(initialStaffForm(null), type("first_name", "A"), type("email", "ann@"), type("phone", "12"), type("zip_code", "94110"), { type: "submitted" });
    expect(state.save).toBeNull();
    expect(state.messages).toMatchObject({
      first_name: "The first name is too short.",
      last_name: "The last name is required",
      email: "The email is not valid",
      phone: "The phone number is not valid",
      zip_code: "Country must be selected to validate postal code",
    });
    expect(state.attempt).toBe(1);
  });

  it("checks the postal code against the chosen country as it is typed", () => {
    const state = run(initialStaffForm(null), { type: "placeChosen", field: "country", place: US }, type("zip_code", "ABC"));
    expect(state.messages.zip_code).toBe("Invalid postal code for United States");
    expect(run(state, type("zip_code", "94110")).messages.zip_code).toBeUndefined();
  });

  it("refuses an address outside the institution's domains when they are known (ERROR_022)", () => {
    const fill = (state: StaffFormState) => run(state, type("first_name", "Ann"), type("last_name", "Lee"), type("email", "ann@gmail.com"), { type: "submitted" });
    expect(fill(initialStaffForm(null, ["clinic.org"])).messages.email).toBe("The email does not belong to the institution");
    expect(fill(initialStaffForm(null)).save?.kind).toBe("create");
  });

  it("sends only what an edit changed", () => {
    const state = run(initialStaffForm(member("active")), type("last_name", "Lee-Park"), type("address_1", ""), { type: "submitted" });
    expect(state.save).toEqual({ kind: "update", body: { last_name: "Lee-Park", contact_info: { address_1: null } } });
    expect(run(initialStaffForm(member("active")), { type: "submitted" }).status).toBe(NOTHING_TO_SAVE);
  });

  it("sends the e-mail only while pending and only when it changed (the same address would be ERROR_047)", () => {
    expect(run(initialStaffForm(member("pending")), type("email", "ANN@clinic.org"), { type: "submitted" }).status).toBe(NOTHING_TO_SAVE);
    expect(run(initialStaffForm(member("pending")), type("email", "ann.lee@clinic.org"), { type: "submitted" }).save).toEqual({
      kind: "update",
      body: { email: "ann.lee@clinic.org" },
    });
    expect(run(initialStaffForm(member("active")), type("email", "ann.lee@clinic.org"), { type: "submitted" }).status).toBe(NOTHING_TO_SAVE);
  });

  it("puts a server refusal on the field it names, else in the alert", () => {
    const state = run(initialStaffForm(null), { type: "failed", field: "contact_info.phone", message: "The phone number already exists" });
    expect(state.messages.phone).toBe("The phone number already exists");
    expect(run(initialStaffForm(null), { type: "failed", field: null, message: "An error occurred" }).alert).toBe("An error occurred");
    expect(staffFieldOfFailure("version")).toBeNull();
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
