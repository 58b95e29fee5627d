import { describe, expect, it } from "vitest";
import { PlaceId, StaffId } from "../shared/ids.ts";
import { draftOf } from "./patient-form-state.ts";
import { patientConflict, patientValueText } from "./patient-conflict.ts";
import type { Patient } from "./patients-wire.ts";

const OREGON = { id: PlaceId.make(2), name: "Oregon", kind: "state" } as unknown as NonNullable<Patient["contact_info"]["state"]>;

const started = {
  first_name: "Ana",
  last_name: "Lee",
  email: "ana@example.org",
  birthdate: "1950-02-03",
  gender: "female",
  staff: { id: StaffId.make(5), first_name: "Sam", last_name: "Slp" },
  contact_info: { address_1: "1 Main St", address_2: null, city: null, state: OREGON, country: null, zip_code: null, phone: null },
  version: 1,
} as unknown as Patient;

describe("patientConflict", () => {
  it("lists the fields the person edited with their value, the stored one and the one they started from", () => {
    const current = { ...started, last_name: "Lee-Park", contact_info: { ...started.contact_info, phone: "+1 415 555 2671" }, version: 2 } as Patient;
    const draft = { ...draftOf(started), last_name: "Leigh", address_1: "2 Oak Ave" };
    expect(patientConflict(started, current, draft)).toEqual([
      { field: "last_name", started: "Lee", theirs: "Lee-Park", mine: "Leigh", changedByThem: true },
      { field: "address_1", started: "1 Main St", theirs: "1 Main St", mine: "2 Oak Ave", changedByThem: false },
    ]);
  });

  it("a place or SLP picked again is no edit: they compare by what they name", () => {
    const draft = { ...draftOf(started), state: { ...OREGON }, staff: { id: StaffId.make(5), name: "Sam Slp" } };
    expect(patientConflict(started, { ...started, version: 2 }, draft)).toEqual([]);
  });

  it("says a value in words", () => {
    expect(patientValueText("Ana")).toBe("Ana");
    expect(patientValueText(OREGON)).toBe("Oregon");
    expect(patientValueText(null)).toBe("");
  });
});
