import { fc, test } from "@fast-check/vitest";
import { phoneNumbers } from "../shared/validators/phone.ts";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "../shared/wire/decode.ts";
import { PatientId, PlaceId, StaffId } from "../shared/ids.ts";
import type { Place } from "../shared/wire/place.ts";
import { contactMessagesAsTyped, savesNothing, withPersonChange } from "../shared/person-form.ts";
import { checkPatientForm, draftOf, EMPTY_PATIENT_DRAFT, emailEditable, type PatientDraft, patientFieldOfServerField } from "./patient-form-state.ts";
import { PATIENT_FIELD_CODES, type Patient, PatientCreateBody } from "./patients-wire.ts";

const TODAY = "2026-11-25";
const place = (id: number, name: string, code2: string | null = null): Place => ({ id: PlaceId.make(id), name, code2, alternate_names: [] });
const US = place(1, "United States", "US");
const GERMANY = place(2, "Germany", "DE");
const OREGON = place(3, "Oregon", "OR");
const PORTLAND = place(4, "Portland");

// The form's changes as the patient-form machine makes them (machines/patients/patient-form.machine.ts
// runs these rules on its events; its own test covers the events, the messages and the submit).
type Change = { readonly [K in keyof PatientDraft]: readonly [K, PatientDraft[K]] }[keyof PatientDraft];
const run = (draft: PatientDraft, ...changes: Change[]): PatientDraft => changes.reduce<PatientDraft>((next, [field, value]) => withPersonChange(next, field, value), draft);
const typedEvent = (field: "first_name" | "last_name" | "email" | "birthdate" | "gender" | "zip_code" | "phone", value: string): Change => [field, value];
const picked = (field: "country" | "state" | "city", place: Place | null): Change => [field, place];
const postalAfter = (draft: PatientDraft, field: string) => contactMessagesAsTyped(draft, field).zip_code;

const record = (status: Patient["status"]): Patient => ({
  id: PatientId.make(9),
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@patients.test",
  birthdate: "1950-02-03",
  status,
  reviewed_status: "pending",
  staff: { id: StaffId.make(5), first_name: "Sam", last_name: "Slp" },
  created_at: "2026-01-01T00:00:00.000Z",
  version: 1,
  gender: "female",
  contact_info: { address_1: "1 Main St", address_2: null, city: PORTLAND, state: OREGON, country: US, zip_code: "97201", phone: null },
});

describe("the patient form (create)", () => {
  const filled = run(
    EMPTY_PATIENT_DRAFT,
    typedEvent("first_name", "  Grace "),
    typedEvent("last_name", "Hopper"),
    typedEvent("email", "grace@patients.test"),
    typedEvent("birthdate", "1940-12-09"),
    typedEvent("gender", "female"),
  );

  it("asks to create the whole patient, trimmed, with places and SLP by id", () => {
    const draft = run(filled, picked("country", US), typedEvent("zip_code", "97201-1234"), ["staff", { id: StaffId.make(5), name: "Sam Slp" }]);
    expect(checkPatientForm(draft, TODAY, null, phoneNumbers)).toEqual({
      ok: true,
      value: {
        kind: "create",
        body: {
          first_name: "Grace",
          last_name: "Hopper",
          email: "grace@patients.test",
          birthdate: "1940-12-09",
          gender: "female",
          staff: 5,
          contact_info: { address_1: null, address_2: null, country: 1, state: null, city: null, zip_code: "97201-1234", phone: null },
        },
      },
    });
  });

  it("marks every invalid field at once", () => {
    const checked = checkPatientForm(run(EMPTY_PATIENT_DRAFT, typedEvent("last_name", "H")), TODAY, null, phoneNumbers);
    expect(checked.ok).toBe(false);
    expect(Object.keys(checked.ok ? {} : checked.errors).sort()).toEqual(["birthdate", "email", "first_name", "gender", "last_name"]);
  });

  it("checks the postal code against the chosen country as it is typed", () => {
    expect(postalAfter(run(filled, typedEvent("zip_code", "12345")), "zip_code")).toBe("Country must be selected to validate postal code");
    const us = run(filled, picked("country", US), typedEvent("zip_code", "1234"));
    expect(postalAfter(us, "zip_code")).toBe("Invalid postal code for United States");
    expect(postalAfter(run(us, typedEvent("zip_code", "12345")), "zip_code")).toBeUndefined();
    // Another country re-checks what is there: a German code is five digits too, a Japanese one is not.
    expect(postalAfter(run(us, typedEvent("zip_code", "123-4567"), picked("country", GERMANY)), "country")).toBe("Invalid postal code for Germany");
  });

  it("empties the state and city when another country is chosen, and the city when another state is", () => {
    const chosen = run(filled, picked("country", US), picked("state", OREGON), picked("city", PORTLAND));
    expect(run(chosen, picked("state", place(7, "Maine", "ME")))).toMatchObject({ country: US, city: null });
    expect(run(chosen, picked("country", GERMANY))).toMatchObject({ state: null, city: null });
  });

  it("names the field of a server failure (contact_info.zip_code is the postal code), or none for the alert", () => {
    expect(patientFieldOfServerField("contact_info.zip_code")).toBe("zip_code");
    expect(patientFieldOfServerField("email")).toBe("email");
    expect(patientFieldOfServerField("version")).toBeNull();
  });
});

describe("the patient form (edit)", () => {
  const save = (record: Patient, ...changes: Change[]) => {
    const checked = checkPatientForm(run(draftOf(record), ...changes), TODAY, record, phoneNumbers);
    return checked.ok ? checked.value : null;
  };

  it("sends only what changed", () => {
    expect(save(record("pending"), typedEvent("last_name", "King"), typedEvent("phone", ""))).toEqual({ kind: "update", body: { last_name: "King" } });
  });

  it("has nothing to save when nothing changed", () => {
    const unchanged = save(record("active"));
    expect(unchanged).toEqual({ kind: "update", body: {} });
    expect(unchanged !== null && savesNothing(unchanged)).toBe(true);
  });

  it("lets the e-mail change only while the patient is pending", () => {
    expect(emailEditable(record("pending"))).toBe(true);
    expect(emailEditable(record("active"))).toBe(false);
    expect(emailEditable(null)).toBe(true);
    expect(save(record("active"), typedEvent("email", "new@patients.test"), typedEvent("first_name", "Augusta"))).toEqual({ kind: "update", body: { first_name: "Augusta" } });
    expect(save(record("pending"), typedEvent("email", "new@patients.test"))).toEqual({ kind: "update", body: { email: "new@patients.test" } });
  });

  it("clears a place and reassigns the SLP as contact and staff changes", () => {
    expect(save(record("active"), picked("city", null), ["staff", null])).toEqual({ kind: "update", body: { staff: null, contact_info: { city: null } } });
  });
});

describe("the patient form, for any typing (property)", () => {
  const text = fc.string({ maxLength: 40 });
  const typing = fc.record({
    first_name: fc.oneof(text, fc.constantFrom("Ada", "Grace", " Zoë ")),
    last_name: fc.oneof(text, fc.constantFrom("Lovelace", "Hopper")),
    email: fc.oneof(text, fc.constantFrom("ada@patients.test", "x@y.org")),
    birthdate: fc.oneof(text, fc.constantFrom("1950-02-03", "1899-12-31", "2030-01-01", "1990-02-30")),
    gender: fc.oneof(text, fc.constantFrom("female", "male", "intersex")),
    zip_code: fc.oneof(text, fc.constantFrom("", "97201", "123-4567")),
    phone: fc.oneof(fc.constant(""), text, fc.constantFrom("+1 415 555 2671")),
  });

  test.prop([typing, fc.constantFrom(null, US, GERMANY)])(
    "keeps what was typed, and either asks a save the server's own schema accepts or names a field to fix",
    (typed, country) => {
      const draft = run(EMPTY_PATIENT_DRAFT, ...(Object.entries(typed) as [Parameters<typeof typedEvent>[0], string][]).map(([field, value]) => typedEvent(field, value)), picked("country", country));
      for (const [field, value] of Object.entries(typed)) expect(draft[field as keyof typeof typed]).toBe(value);
      const checked = checkPatientForm(draft, TODAY, null, phoneNumbers);
      if (!checked.ok) {
        expect(Object.keys(checked.errors).length).toBeGreaterThan(0);
      } else {
        expect(checked.value.kind).toBe("create");
        expect(decodeStrict(PatientCreateBody, PATIENT_FIELD_CODES)(checked.value.body).ok).toBe(true);
      }
    },
  );
});
