import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "../shared/wire/decode.ts";
import { PatientId, PlaceId, StaffId } from "../shared/ids.ts";
import type { Place } from "../shared/wire/place.ts";
import {
  type PatientFormEvent,
  type PatientFormState,
  NOTHING_TO_SAVE,
  emailEditable,
  fieldOfFailure,
  firstInvalidField,
  initialPatientForm,
  patientFormReducer,
} from "./patient-form-state.ts";
import { PATIENT_FIELD_CODES, type Patient, PatientCreateBody } from "./patients-wire.ts";

const TODAY = "2026-11-25";
const place = (id: number, name: string, code2: string | null = null): Place => ({ id: PlaceId.make(id), name, code2, alternate_names: [] });
const US = place(1, "United States", "US");
const GERMANY = place(2, "Germany", "DE");
const OREGON = place(3, "Oregon", "OR");
const PORTLAND = place(4, "Portland");

const run = (state: PatientFormState, ...events: PatientFormEvent[]) => events.reduce(patientFormReducer, state);
const typedEvent = (field: "first_name" | "last_name" | "email" | "birthdate" | "gender" | "zip_code" | "phone", value: string): PatientFormEvent => ({ type: "edited", field, value });

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
    initialPatientForm(null),
    typedEvent("first_name", "  Grace "),
    typedEvent("last_name", "Hopper"),
    typedEvent("email", "grace@patients.test"),
    typedEvent("birthdate", "1940-12-09"),
    typedEvent("gender", "female"),
  );

  it("asks to create the whole patient, trimmed, with places and SLP by id", () => {
    const state = run(filled, { type: "placeChosen", field: "country", place: US }, typedEvent("zip_code", "97201-1234"), { type: "staffChosen", staff: { id: StaffId.make(5), name: "Sam Slp" } }, { type: "submitted", today: TODAY });
    expect(state.save).toEqual({
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
    });
  });

  it("marks every invalid field at once, and says which comes first", () => {
    const state = run(initialPatientForm(null), typedEvent("last_name", "H"), { type: "submitted", today: TODAY });
    expect(state.save).toBeNull();
    expect(Object.keys(state.messages).sort()).toEqual(["birthdate", "email", "first_name", "gender", "last_name"]);
    expect(firstInvalidField(state.messages)).toBe("first_name");
    expect(state.attempt).toBe(1);
  });

  it("checks the postal code against the chosen country as it is typed", () => {
    expect(run(filled, typedEvent("zip_code", "12345")).messages.zip_code).toBe("Country must be selected to validate postal code");
    const us = run(filled, { type: "placeChosen", field: "country", place: US }, typedEvent("zip_code", "1234"));
    expect(us.messages.zip_code).toBe("Invalid postal code for United States");
    expect(run(us, typedEvent("zip_code", "12345")).messages.zip_code).toBeUndefined();
    // Another country re-checks what is there: a German code is five digits too, a Japanese one is not.
    expect(run(us, typedEvent("zip_code", "123-4567"), { type: "placeChosen", field: "country", place: GERMANY }).messages.zip_code).toBe("Invalid postal code for Germany");
  });

  it("empties the state and city when another country is chosen, and the city when another state is", () => {
    const picked = run(filled, { type: "placeChosen", field: "country", place: US }, { type: "placeChosen", field: "state", place: OREGON }, { type: "placeChosen", field: "city", place: PORTLAND });
    expect(run(picked, { type: "placeChosen", field: "state", place: place(7, "Maine", "ME") }).draft).toMatchObject({ country: US, city: null });
    expect(run(picked, { type: "placeChosen", field: "country", place: GERMANY }).draft).toMatchObject({ state: null, city: null });
  });

  it("puts a server failure on its field (contact_info.zip_code is the postal code) or in the alert, keeping what was typed", () => {
    expect(fieldOfFailure("contact_info.zip_code")).toBe("zip_code");
    const failed = run(filled, { type: "failed", field: "email", message: "The email already exists" });
    expect(failed.messages.email).toBe("The email already exists");
    expect(failed.draft.first_name).toBe("  Grace ");
    expect(run(filled, { type: "failed", field: null, message: "An error occurred" }).alert).toBe("An error occurred");
  });
});

describe("the patient form (edit)", () => {
  it("sends only what changed", () => {
    const state = run(initialPatientForm(record("pending")), typedEvent("last_name", "King"), typedEvent("phone", ""), { type: "submitted", today: TODAY });
    expect(state.save).toEqual({ kind: "update", body: { last_name: "King" } });
  });

  it("says there is nothing to save when nothing changed", () => {
    const state = run(initialPatientForm(record("active")), { type: "submitted", today: TODAY });
    expect(state.save).toBeNull();
    expect(state.status).toBe(NOTHING_TO_SAVE);
  });

  it("lets the e-mail change only while the patient is pending", () => {
    expect(emailEditable(initialPatientForm(record("pending")))).toBe(true);
    expect(emailEditable(initialPatientForm(record("active")))).toBe(false);
    const active = run(initialPatientForm(record("active")), typedEvent("email", "new@patients.test"), typedEvent("first_name", "Augusta"), { type: "submitted", today: TODAY });
    expect(active.save).toEqual({ kind: "update", body: { first_name: "Augusta" } });
    const pending = run(initialPatientForm(record("pending")), typedEvent("email", "new@patients.test"), { type: "submitted", today: TODAY });
    expect(pending.save).toEqual({ kind: "update", body: { email: "new@patients.test" } });
  });

  it("clears a place and reassigns the SLP as contact and staff changes", () => {
    const state = run(initialPatientForm(record("active")), { type: "placeChosen", field: "city", place: null }, { type: "staffChosen", staff: null }, { type: "submitted", today: TODAY });
    expect(state.save).toEqual({ kind: "update", body: { staff: null, contact_info: { city: null } } });
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
    "keeps what was typed, and either asks a save the server's own schema accepts or names the first field to fix",
    (typed, country) => {
      const events: PatientFormEvent[] = [
        ...(Object.entries(typed) as [Parameters<typeof typedEvent>[0], string][]).map(([field, value]) => typedEvent(field, value)),
        { type: "placeChosen", field: "country", place: country },
        { type: "submitted", today: TODAY },
      ];
      const state = run(initialPatientForm(null), ...events);
      for (const [field, value] of Object.entries(typed)) expect(state.draft[field as keyof typeof typed]).toBe(value);
      if (state.save === null) {
        expect(firstInvalidField(state.messages)).toBeDefined();
      } else {
        expect(state.save.kind).toBe("create");
        expect(decodeStrict(PatientCreateBody, PATIENT_FIELD_CODES)(state.save.body).ok).toBe(true);
      }
    },
  );
});
