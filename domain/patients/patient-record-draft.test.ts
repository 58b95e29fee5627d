import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { StaffId } from "../shared/ids.ts";
import { calendarDateArb, emailArb, idArb, nameArb } from "../shared/wire/wire-arbitraries.test-helper.ts";
import { draftFromCreate, draftFromPatch, type PatientRecordDraft, touchedFields } from "./patient-record-draft.ts";
import { BIRTH_GENDERS, type PatientCreateBody, type PatientPatchBody } from "./patients-wire.ts";

const line = fc.string({ maxLength: 40 });
const contactArb = fc.record(
  {
    address_1: fc.option(line, { nil: null }),
    address_2: fc.option(line, { nil: null }),
    city: fc.option(idArb, { nil: null }),
    state: fc.option(idArb, { nil: null }),
    country: fc.option(idArb, { nil: null }),
    zip_code: fc.option(fc.stringMatching(/^[0-9]{5}$/), { nil: null }),
    phone: fc.option(fc.stringMatching(/^\+1[0-9]{10}$/), { nil: null }),
  },
  { requiredKeys: [] },
);
const patchArb = fc.record(
  {
    first_name: nameArb,
    last_name: nameArb,
    email: emailArb,
    birthdate: calendarDateArb,
    gender: fc.constantFrom(...BIRTH_GENDERS),
    staff: fc.option(idArb.map((id) => id as StaffId), { nil: null }),
    contact_info: contactArb,
  },
  { requiredKeys: [] },
) as fc.Arbitrary<PatientPatchBody>;
const createArb = fc
  .record({ first_name: nameArb, last_name: nameArb, email: emailArb, birthdate: calendarDateArb, gender: fc.constantFrom(...BIRTH_GENDERS) })
  .chain((required) => patchArb.map((rest) => ({ ...rest, ...required }))) as fc.Arbitrary<PatientCreateBody>;
const storedArb: fc.Arbitrary<PatientRecordDraft> = createArb.map(draftFromCreate);

// Which draft fields each body key writes.
const WRITES: Readonly<Record<string, readonly (keyof PatientRecordDraft)[]>> = {
  first_name: ["firstName"],
  last_name: ["lastName"],
  email: ["email"],
  birthdate: ["birthdate"],
  gender: ["gender"],
  staff: ["staffId"],
  address_1: ["address1"],
  address_2: ["address2"],
  city: ["cityId"],
  state: ["stateId"],
  country: ["countryId"],
  zip_code: ["zipCode"],
  phone: ["phone"],
};
const sentKeys = (body: PatientPatchBody): string[] => [...Object.keys(body).filter((key) => key !== "contact_info" && key !== "version"), ...Object.keys(body.contact_info ?? {})];

describe("a patient's record draft", () => {
  test.prop([storedArb])("an empty patch changes nothing", (stored) => {
    expect(draftFromPatch(stored, {})).toEqual(stored);
  });

  test.prop([storedArb, patchArb])("a patch changes exactly the fields of the keys it sends; the rest stay as stored", (stored, patch) => {
    const after = draftFromPatch(stored, patch);
    const written = new Set(sentKeys(patch).flatMap((key) => WRITES[key] ?? []));
    for (const field of Object.keys(stored) as (keyof PatientRecordDraft)[]) {
      if (!written.has(field)) expect(after[field], field).toEqual(stored[field]);
    }
  });

  test.prop([storedArb, createArb])("a patch that sends a whole new patient's body stores what a create of it would", (stored, body) => {
    const everything: PatientPatchBody = {
      ...body,
      staff: body.staff ?? null,
      contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null, ...body.contact_info },
    };
    expect(draftFromPatch(stored, everything)).toEqual(draftFromCreate(body));
  });

  test.prop([storedArb, patchArb])("null clears: a cleared text reads empty, a cleared place, SLP or phone reads null", (stored, patch) => {
    const cleared = draftFromPatch(stored, { ...patch, contact_info: { address_1: null, zip_code: null, city: null, phone: null } });
    expect([cleared.address1, cleared.zipCode, cleared.cityId, cleared.phone]).toEqual(["", "", null, null]);
  });

  test.prop([patchArb])("the fields checked again are those sent, and the postal code whenever the country is", (patch) => {
    const touched = touchedFields(patch);
    for (const key of ["first_name", "last_name", "email", "birthdate", "gender"] as const) expect(touched.has(key)).toBe(patch[key] !== undefined);
    expect(touched.has("phone")).toBe(patch.contact_info?.phone !== undefined);
    expect(touched.has("zip_code")).toBe(patch.contact_info?.zip_code !== undefined || patch.contact_info?.country !== undefined);
    expect([...touched].every((field) => ["first_name", "last_name", "email", "birthdate", "gender", "phone", "zip_code"].includes(field))).toBe(true);
  });
});
