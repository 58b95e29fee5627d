import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "../shared/wire/decode.ts";
import {
  AssignGamesBody,
  Institution,
  InstitutionBody,
  InstitutionListQuery,
  InstitutionListResponse,
  InstitutionPathParams,
} from "./institutions-wire.ts";
import { SUPPLY_KINDS } from "../billing/index.ts";
import { isKnownTimeZone, timeZoneNames } from "./time-zones.ts";
import { idArb, nameArb, wireContractTests, trimmedTextArb } from "../shared/wire/wire-arbitraries.test-helper.ts";

const listItemArb = fc.record({
  id: idArb,
  name: trimmedTextArb(255),
  members_count: fc.nat(),
  mobile_users_count: fc.nat(),
  administrators: fc.array(
    fc.record({ id: idArb, initials: fc.stringMatching(/^[A-Z]{0,2}$/), first_name: nameArb, last_name: nameArb }),
    { maxLength: 3 },
  ),
});
const domainsArb = fc.array(fc.domain().filter((domain) => domain.length <= 253), { maxLength: 4 });

const schemas = [
  [
    InstitutionListResponse,
    fc.record(
      {
        current_page: fc.integer({ min: 1, max: 100 }),
        total_pages: fc.nat(100),
        count: fc.nat(),
        results: fc.array(listItemArb, { maxLength: 4 }),
      },
      { requiredKeys: ["current_page", "total_pages", "results"] },
    ),
  ],
  [
    Institution,
    fc.record({
      id: idArb,
      name: trimmedTextArb(255),
      allowed_domains: domainsArb,
      description: trimmedTextArb(2000),
      games: fc.array(idArb, { maxLength: 8 }),
      time_zone: fc.constantFrom("America/New_York", "Europe/Berlin", "UTC"),
      rtm_supply_kind: fc.constantFrom(null, ...SUPPLY_KINDS),
      version: fc.integer({ min: 1, max: 1000 }),
    }),
  ],
  [
    InstitutionBody,
    fc.record(
      {
        name: trimmedTextArb(255),
        allowed_domains: domainsArb,
        description: trimmedTextArb(2000),
        time_zone: fc.constantFrom("America/Chicago", "Asia/Kolkata", "Pacific/Auckland"),
        rtm_supply_kind: fc.constantFrom(null, ...SUPPLY_KINDS),
      },
      { requiredKeys: ["name", "allowed_domains", "description"] },
    ),
  ],
  [AssignGamesBody, fc.record({ games: fc.array(idArb, { maxLength: 8 }) })],
  [
    InstitutionListQuery,
    fc.record(
      { page: fc.integer({ min: 1, max: 99 }).map(String), page_size: fc.integer({ min: 1, max: 100 }).map(String), search: fc.string({ maxLength: 200 }) },
      { requiredKeys: ["page", "page_size"] },
    ),
  ],
  [InstitutionPathParams, fc.record({ id: idArb.map(String) })],
] as const;

describe("institutions", () => {
  it("decodes a list page without a total count", () => {
    const page = {
      current_page: 1,
      total_pages: 1,
      results: [
        {
          id: 2,
          name: "Riverside Clinic",
          members_count: 14,
          mobile_users_count: 120,
          administrators: [{ id: 5, initials: "MG", first_name: "Maria", last_name: "Gomez" }],
        },
      ],
    };
    expect(decodeStrict(InstitutionListResponse)(page)).toEqual({ ok: true, value: page });
  });

  it("decodes an institution", () => {
    const wire = { id: 2, name: "Riverside", allowed_domains: ["riverside.org"], description: "", games: [1, 3], time_zone: "America/New_York", rtm_supply_kind: null, version: 1 };
    expect(decodeStrict(Institution)(wire)).toEqual({ ok: true, value: wire });
  });

  it.each([
    ["games.1", { games: [1, -3] }],
    ["allowed_domains", { allowed_domains: "riverside.org" }],
    ["name", { name: 7 }],
  ])("refuses a bad %s", (field, patch) => {
    const wire = { id: 2, name: "Riverside", allowed_domains: [], description: "", games: [], time_zone: "UTC", rtm_supply_kind: null, version: 1, ...patch };
    expect(decodeStrict(Institution)(wire)).toMatchObject({ ok: false, field });
  });

  it("refuses games smuggled into the institution body (they go through assign_games)", () => {
    expect(decodeStrict(InstitutionBody)({ name: "R", allowed_domains: [], description: "", games: [1] })).toMatchObject({
      ok: false,
      field: "games",
    });
  });

  it.each([
    ["time_zone", { time_zone: "Mars/Olympus_Mons" }],
    ["time_zone", { time_zone: "+01:00" }],
    ["rtm_supply_kind", { rtm_supply_kind: "speech" }],
  ])("refuses a body's unknown %s", (field, patch) => {
    expect(decodeStrict(InstitutionBody)({ name: "R", allowed_domains: [], description: "", ...patch })).toMatchObject({ ok: false, field });
  });

  it("knows the runtime's time zones and no others", () => {
    expect(timeZoneNames()).toContain("America/New_York");
    expect(timeZoneNames().every(isKnownTimeZone)).toBe(true);
    expect(["Nowhere/City", "", "America/New York", "../etc"].some(isKnownTimeZone)).toBe(false);
  });

  it("lists ten to a page by default", () => {
    expect(decodeStrict(InstitutionListQuery)({ search: "river" })).toEqual({
      ok: true,
      value: { page: 1, page_size: 10, search: "river" },
    });
  });

  wireContractTests("institution", schemas);
});
