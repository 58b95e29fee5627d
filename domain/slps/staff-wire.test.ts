import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "../shared/wire/decode.ts";
import {
  StaffCreateBody,
  StaffListQuery,
  StaffListResponse,
  StaffMember,
  StaffPatchBody,
  StaffPathParams,
} from "./staff-wire.ts";
import {
  contactInfoArb,
  contactInfoWriteArb,
  emailArb,
  idArb,
  isoDateTimeArb,
  nameArb,
  pagedArb,
  roleRefArb,
  wireContractTests,
} from "../shared/wire/wire-arbitraries.test-helper.ts";

const rowFields = {
  id: idArb,
  first_name: nameArb,
  last_name: nameArb,
  email: emailArb,
  status: fc.constantFrom("pending", "active", "inactive"),
  created_at: isoDateTimeArb,
  invitation: fc.option(
    fc.record({
      state: fc.constantFrom("open", "expired", "used", "revoked"),
      invited_by: fc.option(fc.record({ first_name: nameArb, last_name: nameArb }), { nil: null }),
      sent_at: isoDateTimeArb,
      expires_at: isoDateTimeArb,
    }),
    { nil: null },
  ),
  version: fc.integer({ min: 1, max: 1000 }),
};

const schemas = [
  [StaffListResponse, pagedArb(fc.record(rowFields))],
  [
    StaffMember,
    fc.record({ ...rowFields, groups: fc.array(fc.string(), { maxLength: 3 }), role: roleRefArb, contact_info: contactInfoArb, caseload: fc.record({ patients: fc.nat(), active_patients: fc.nat() }) }),
  ],
  [
    StaffCreateBody,
    fc.record(
      { first_name: nameArb, last_name: nameArb, email: emailArb, role: fc.constant("staff"), contact_info: contactInfoWriteArb },
      { requiredKeys: ["first_name", "last_name", "email", "role"] },
    ),
  ],
  [StaffPatchBody, fc.record({ first_name: nameArb, last_name: nameArb, email: emailArb, contact_info: contactInfoWriteArb }, { requiredKeys: [] })],
  [
    StaffListQuery,
    fc.record(
      { page: fc.integer({ min: 1, max: 99 }).map(String), page_size: fc.integer({ min: 1, max: 100 }).map(String), search: fc.string({ maxLength: 200 }) },
      { requiredKeys: ["page", "page_size"] },
    ),
  ],
  [StaffPathParams, fc.record({ id: idArb.map(String) })],
] as const;

const member = {
  id: 12,
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@clinic.org",
  status: "active",
  created_at: "2023-11-02T14:00:00Z",
  invitation: null,
  version: 3,
  caseload: { patients: 4, active_patients: 3 },
  groups: [],
  role: { id: 4, title: "Speech-language pathologist", code_name: "STAFF" },
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
};

describe("staff", () => {
  it("decodes a staff member, reading the role code in any case", () => {
    const decoded = decodeStrict(StaffMember)(member);
    expect(decoded.ok && decoded.value.role.code_name).toBe("staff");
  });

  it.each([
    ["status", { status: "archived" }],
    ["contact_info.city", { contact_info: { ...member.contact_info, city: 3 } }],
    ["created_at", { created_at: "2023-11-02" }],
  ])("refuses a bad %s", (field, patch) => {
    expect(decodeStrict(StaffMember)({ ...member, ...patch })).toMatchObject({ ok: false, field });
  });

  it("creates staff only with the staff role", () => {
    const body = { first_name: "Ann", last_name: "Lee", email: "ann@clinic.org", role: "staff" };
    expect(decodeStrict(StaffCreateBody)(body).ok).toBe(true);
    expect(decodeStrict(StaffCreateBody)({ ...body, role: "institution_admin" })).toMatchObject({ ok: false, field: "role" });
  });

  it("does not let a patch change the role", () => {
    expect(decodeStrict(StaffPatchBody)({ role: "staff" })).toMatchObject({ ok: false, field: "role" });
  });

  it("lists ten to a page, from page 1, by default", () => {
    expect(decodeStrict(StaffListQuery)({})).toEqual({ ok: true, value: { page: 1, page_size: 10 } });
  });

  wireContractTests("staff", schemas);
});
