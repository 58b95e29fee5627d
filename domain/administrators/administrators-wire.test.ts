import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  ADMINISTRATOR_CREATE_FIELD_CODES,
  Administrator,
  AdministratorCreateBody,
  AdministratorListQuery,
  AdministratorListResponse,
  AdministratorPatchBody,
  AdministratorPathParams,
} from "./administrators-wire.ts";
import { decodeStrict } from "../shared/wire/decode.ts";
import {
  emailArb,
  idArb,
  isoDateTimeArb,
  maskedPhoneArb,
  nameArb,
  pagedArb,
  roleRefArb,
  wireContractTests,
} from "../shared/wire/wire-arbitraries.test-helper.ts";

const administratorArb = fc.record({
  id: idArb,
  first_name: nameArb,
  last_name: nameArb,
  email: emailArb,
  status: fc.constantFrom("active", "archived", "pending"),
  groups: fc.array(fc.string(), { maxLength: 3 }),
  role: roleRefArb,
  phone: fc.option(maskedPhoneArb, { nil: null }),
  institution: idArb,
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
  last_active_administrator: fc.boolean(),
  version: fc.integer({ min: 1, max: 1000 }),
});

const admin = {
  id: 5,
  first_name: "Maria",
  last_name: "Gomez",
  email: "maria@clinic.org",
  status: "pending",
  groups: ["Front desk"],
  role: { id: 2, title: "Institution administrator", code_name: "institution_admin" },
  phone: null,
  institution: 2,
  created_at: "2024-02-01T10:00:00Z",
  invitation: { state: "open", invited_by: { first_name: "Rosa", last_name: "Diaz" }, sent_at: "2024-02-01T10:00:00Z", expires_at: "2024-02-04T10:00:00Z" },
  last_active_administrator: false,
  version: 1,
};

const schemas = [
  [Administrator, administratorArb],
  [AdministratorListResponse, pagedArb(administratorArb)],
  [
    AdministratorCreateBody,
    fc.record({
      first_name: nameArb,
      last_name: nameArb,
      email: emailArb,
      institution: idArb,
      role: fc.constantFrom("institution_admin", "staff_admin"),
    }),
  ],
  [AdministratorPatchBody, fc.record({ first_name: nameArb, last_name: nameArb, email: emailArb }, { requiredKeys: [] })],
  [
    AdministratorListQuery,
    fc.record({
      institution: idArb.map(String),
      page: fc.integer({ min: 1, max: 500 }).map(String),
      page_size: fc.integer({ min: 1, max: 100 }).map(String),
      search: fc.string({ maxLength: 200 }),
    }, { requiredKeys: ["page", "page_size"] }),
  ],
  [AdministratorPathParams, fc.record({ id: idArb.map(String) })],
] as const;

describe("administrators", () => {
  it("decodes an administrator", () => {
    expect(decodeStrict(Administrator)(admin)).toEqual({ ok: true, value: admin });
  });

  it.each([
    ["status", { status: "inactive" }],
    ["created_at", { created_at: "02/01/2024" }],
    ["groups.0", { groups: [1] }],
    ["secret", { secret: "x" }],
  ])("refuses a bad %s", (field, patch) => {
    expect(decodeStrict(Administrator)({ ...admin, ...patch })).toMatchObject({ ok: false, field });
  });

  it("lists five to a page by default", () => {
    expect(decodeStrict(AdministratorListQuery)({ institution: "2" })).toEqual({
      ok: true,
      value: { institution: 2, page: 1, page_size: 5 },
    });
  });

  it("answers an unknown role with ERROR_025 and never creates a super administrator", () => {
    const body = { first_name: "A", last_name: "B", email: "a@b.org", institution: 2, role: "super_admin" };
    expect(decodeStrict(AdministratorCreateBody, ADMINISTRATOR_CREATE_FIELD_CODES)(body)).toMatchObject({
      ok: false,
      code: "ERROR_025",
      field: "role",
    });
  });

  it("lets a patch change nothing but names and email", () => {
    expect(decodeStrict(AdministratorPatchBody)({ first_name: "Mia" }).ok).toBe(true);
    expect(decodeStrict(AdministratorPatchBody)({ status: "active" })).toMatchObject({ ok: false, field: "status" });
  });

  wireContractTests("administrator", schemas);
});
