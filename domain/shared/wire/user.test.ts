import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, SERVER_ACTIONS } from "../permission-vocabulary.ts";
import { decodeLenient, decodeStrict } from "./decode.ts";
import { CurrentUser, UserPathParams } from "./user.ts";
import {
  emailArb,
  idArb,
  maskedPhoneArb,
  mfaMethodArb,
  nameArb,
  roleRefArb,
  roundTrip,
} from "./wire-arbitraries.test-helper.ts";

const currentUserArb = fc.record({
  id: idArb,
  email: emailArb,
  first_name: nameArb,
  last_name: nameArb,
  role: roleRefArb,
  default_mfa_method: fc.option(mfaMethodArb, { nil: null }),
  mfa_methods: fc.uniqueArray(mfaMethodArb),
  phone: fc.option(maskedPhoneArb, { nil: null }),
  permissions: fc.dictionary(fc.constantFrom(...RESOURCES), fc.uniqueArray(fc.constantFrom(...SERVER_ACTIONS))),
  institution: fc.option(fc.record({ id: idArb, name: fc.string() }), { nil: null }),
  version: fc.integer({ min: 1, max: 1000 }),
});

const staffUser = {
  id: 12,
  email: "ann.lee@clinic.org",
  first_name: "Ann",
  last_name: "Lee",
  role: { id: 4, title: "Speech-language pathologist", code_name: "staff" },
  default_mfa_method: "app",
  mfa_methods: ["app", "email"],
  phone: "********4567",
  permissions: { patient: ["list", "retrieve"], dashboard: ["dashboard"] },
  institution: { id: 2, name: "Riverside Clinic" },
  version: 1,
};

describe("current user", () => {
  it("decodes the user record of spec section 3", () => {
    expect(decodeStrict(CurrentUser)(staffUser)).toEqual({ ok: true, value: staffUser });
  });

  it("reads an upper-cased role code", () => {
    const decoded = decodeStrict(CurrentUser)({ ...staffUser, role: { ...staffUser.role, code_name: "STAFF" } });
    expect(decoded.ok && decoded.value.role.code_name).toBe("staff");
  });

  it("accepts the super administrator, who has no institution", () => {
    expect(decodeStrict(CurrentUser)({ ...staffUser, institution: null }).ok).toBe(true);
  });

  it("drops grants it does not know rather than refusing the user", () => {
    const decoded = decodeLenient(CurrentUser)({ ...staffUser, permissions: { patient: ["list", "x"], hologram: ["list"] }, theme: "dark" });
    expect(decoded.ok && decoded.value.permissions).toEqual({ patient: ["list"] });
  });

  it.each([
    ["id", { id: "12" }],
    ["email", { email: "not-an-email" }],
    ["role.code_name", { role: { id: 4, title: "x", code_name: "wizard" } }],
    ["institution.id", { institution: { id: 0, name: "x" } }],
    ["mfa_methods.0", { mfa_methods: ["pager"] }],
  ])("refuses a bad %s", (field, patch) => {
    expect(decodeStrict(CurrentUser)({ ...staffUser, ...patch })).toMatchObject({ ok: false, field });
  });

  it("reads the user id from a route", () => {
    expect(decodeStrict(UserPathParams)({ id: "12" })).toEqual({ ok: true, value: { id: 12 } });
    expect(decodeStrict(UserPathParams)({ id: "me" }).ok).toBe(false);
  });

  test.prop([currentUserArb])("round-trips", (user) => {
    const trip = roundTrip(CurrentUser, user);
    expect(trip.decoded).toEqual({ ok: true, value: user });
    expect(trip.encoded).toEqual({ ok: true, value: user });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });

  test.prop([fc.anything()])("never throws", (input) => {
    expect(() => decodeStrict(CurrentUser)(input)).not.toThrow();
    expect(() => decodeLenient(CurrentUser)(input)).not.toThrow();
    expect(() => decodeStrict(UserPathParams)(input)).not.toThrow();
  });
});
