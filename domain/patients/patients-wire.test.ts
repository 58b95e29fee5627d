import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict, encodeWire } from "../shared/wire/decode.ts";
import {
  PATIENT_FIELD_CODES,
  Patient,
  PatientCreateBody,
  PatientDashboardQuery,
  PatientDashboardResponse,
  PatientListQuery,
  PatientListResponse,
  PatientPatchBody,
  PatientPathParams,
  PatientsByStaffQuery,
} from "./patients-wire.ts";
import {
  calendarDateArb,
  contactInfoArb,
  contactInfoWriteArb,
  emailArb,
  idArb,
  isoDateTimeArb,
  nameArb,
  pagedArb,
  wireContractTests,
} from "../shared/wire/wire-arbitraries.test-helper.ts";

const statusArb = fc.constantFrom("active", "pending", "inactive");
const reviewArb = fc.constantFrom("pending", "reviewed");
const genderArb = fc.constantFrom("female", "male", "intersex");
const staffArb = fc.option(fc.record({ id: idArb, first_name: nameArb, last_name: nameArb }), { nil: null });

const listItemFields = {
  id: idArb,
  first_name: nameArb,
  last_name: nameArb,
  email: emailArb,
  birthdate: calendarDateArb,
  status: statusArb,
  reviewed_status: reviewArb,
  staff: staffArb,
  created_at: isoDateTimeArb,
  version: fc.integer({ min: 1, max: 2_147_483_647 }),
};
const patientArb = fc.record({ ...listItemFields, gender: genderArb, contact_info: contactInfoArb });
const writeFields = {
  first_name: nameArb,
  last_name: nameArb,
  email: emailArb,
  birthdate: calendarDateArb,
  gender: genderArb,
  staff: fc.option(idArb, { nil: null }),
  contact_info: contactInfoWriteArb,
};
const pageKeys = {
  page: fc.integer({ min: 1, max: 999 }).map(String),
  page_size: fc.integer({ min: 1, max: 100 }).map(String),
};

const schemas = [
  [Patient, patientArb],
  [PatientListResponse, pagedArb(fc.record(listItemFields))],
  [PatientCreateBody, fc.record(writeFields, { requiredKeys: ["first_name", "last_name", "email", "birthdate", "gender"] })],
  [PatientPatchBody, fc.record(writeFields, { requiredKeys: [] })],
  [PatientPathParams, fc.record({ id: idArb.map(String) })],
  [PatientsByStaffQuery, fc.record({ staff_id: idArb.map(String), ...pageKeys })],
  [PatientDashboardQuery, fc.record({ ...pageKeys, search: fc.string({ maxLength: 200 }) }, { requiredKeys: ["page", "page_size"] })],
  [
    PatientDashboardResponse,
    pagedArb(
      fc.record({
        id: idArb,
        initials: fc.stringMatching(/^[A-Z]{0,2}$/),
        email: emailArb,
        first_name: nameArb,
        last_name: nameArb,
        last_updated: fc.option(isoDateTimeArb, { nil: null }),
        games_to_review: fc.nat(),
        reviewed_status: reviewArb,
      }),
    ),
  ],
  [
    PatientListQuery,
    fc.record(
      {
        ...pageKeys,
        search: fc.string({ maxLength: 200 }),
        available_game_levels: fc
          .array(fc.record({ game_id: idArb, difficulty_level: fc.constantFrom("easy", "medium", "hard") }), { maxLength: 3 })
          .map((levels) => JSON.stringify(levels)),
        reviewed: fc.array(fc.constantFrom("true", "false"), { maxLength: 2 }),
        ordering: fc.array(fc.constantFrom("first_name", "-first_name", "created_at", "-created_at"), { maxLength: 2 }),
        status: fc.array(statusArb, { maxLength: 3 }),
      },
      { requiredKeys: ["page", "page_size", "reviewed", "ordering", "status"] },
    ),
  ],
] as const;

const place = { id: 9, name: "United States", code2: "US", alternate_names: ["USA"] };
const patient = {
  id: 31,
  first_name: "Tom",
  last_name: "Reed",
  email: "tom@mail.org",
  birthdate: "1948-07-02",
  status: "active",
  reviewed_status: "pending",
  staff: { id: 12, first_name: "Ann", last_name: "Lee" },
  created_at: "2024-01-15T08:00:00.000Z",
  version: 3,
  gender: "male",
  contact_info: {
    address_1: "1 Main St",
    address_2: null,
    city: null,
    state: null,
    country: place,
    zip_code: "12345",
    phone: "+15551234567",
  },
};

describe("patients", () => {
  it("decodes a patient record with contact info and places", () => {
    expect(decodeStrict(Patient)(patient)).toEqual({ ok: true, value: patient });
  });

  it.each([
    ["birthdate", { birthdate: "02/07/1948" }],
    ["created_at", { created_at: "yesterday" }],
    ["contact_info.country.id", { contact_info: { ...patient.contact_info, country: { ...place, id: "9" } } }],
    ["status", { status: "archived" }],
    ["ssn", { ssn: "123-45-6789" }],
  ])("refuses a bad %s", (field, patch) => {
    expect(decodeStrict(Patient)({ ...patient, ...patch })).toMatchObject({ ok: false, field });
  });

  it("answers a malformed date of birth with ERROR_054 and an unknown gender with ERROR_052", () => {
    const body = { first_name: "Tom", last_name: "Reed", email: "tom@mail.org", birthdate: "1948-02-30", gender: "male" };
    expect(decodeStrict(PatientCreateBody, PATIENT_FIELD_CODES)(body)).toMatchObject({
      ok: false,
      code: "ERROR_054",
      message: "The date of birth is invalid",
    });
    expect(decodeStrict(PatientCreateBody, PATIENT_FIELD_CODES)({ ...body, birthdate: "1948-02-03", gender: "robot" })).toMatchObject({
      code: "ERROR_052",
    });
  });

  it("does not let a patch change the status (that is activate/inactivate)", () => {
    expect(decodeStrict(PatientPatchBody)({ status: "active" })).toMatchObject({ ok: false, field: "status" });
  });

  it("reads a list query as a URL gives it", () => {
    const query = {
      page: "2",
      search: "reed",
      available_game_levels: '[{"game_id":3,"difficulty_level":"hard"}]',
      reviewed: "false",
      ordering: ["-created_at", "first_name"],
      status: ["active", "pending"],
    };
    expect(decodeStrict(PatientListQuery)(query)).toEqual({
      ok: true,
      value: {
        page: 2,
        page_size: 10,
        search: "reed",
        available_game_levels: [{ game_id: 3, difficulty_level: "hard" }],
        reviewed: [false],
        ordering: ["-created_at", "first_name"],
        status: ["active", "pending"],
      },
    });
  });

  it("reads an empty list query as page 1 of 10 with no filters", () => {
    expect(decodeStrict(PatientListQuery)({})).toEqual({
      ok: true,
      value: { page: 1, page_size: 10, reviewed: [], ordering: [], status: [] },
    });
  });

  it.each([
    ["available_game_levels", { available_game_levels: "[{game_id:3}]" }],
    ["available_game_levels.0.difficulty_level", { available_game_levels: '[{"game_id":3,"difficulty_level":"extreme"}]' }],
    ["ordering", { ordering: "last_name" }],
    ["reviewed.1", { reviewed: ["true", "maybe"] }],
    ["page_size", { page_size: "500" }],
  ])("refuses a bad %s in the list query", (field, query) => {
    expect(decodeStrict(PatientListQuery)(query)).toMatchObject({ ok: false, code: "ERROR_056", field });
  });

  it("writes a typed list query back as URL values", () => {
    const decoded = decodeStrict(PatientListQuery)({ reviewed: "true", status: "inactive" });
    expect(decoded.ok && encodeWire(PatientListQuery)(decoded.value)).toEqual({
      ok: true,
      value: { page: "1", page_size: "10", reviewed: ["true"], ordering: [], status: ["inactive"] },
    });
  });

  it("needs the staff id to list a staff member's patients", () => {
    expect(decodeStrict(PatientsByStaffQuery)({ page: "1" })).toMatchObject({ ok: false, field: "staff_id" });
  });

  wireContractTests("patient", schemas);
});
