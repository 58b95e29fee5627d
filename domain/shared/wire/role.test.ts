import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict, encodeWire } from "./decode.ts";
import { RoleCodeFromWire, RoleRef } from "./role.ts";
import { roleRefArb, roundTrip } from "./wire-arbitraries.test-helper.ts";

describe("role codes", () => {
  it.each([
    ["SUPER_ADMIN", "super_admin"],
    ["STAFF", "staff"],
    ["institution_admin", "institution_admin"],
  ])("reads %s as %s", (wire, code) => {
    expect(decodeStrict(RoleCodeFromWire)(wire)).toEqual({ ok: true, value: code });
  });

  it("refuses a role that does not exist", () => {
    expect(decodeStrict(RoleCodeFromWire)("owner").ok).toBe(false);
  });

  it("always writes the lower-case code", () => {
    expect(encodeWire(RoleCodeFromWire)("staff_admin")).toEqual({ ok: true, value: "staff_admin" });
  });

  test.prop([roleRefArb, fc.boolean()])("a role round-trips, whatever case the server used", (role, shout) => {
    const wire = shout ? { ...role, code_name: role.code_name.toUpperCase() } : role;
    const trip = roundTrip(RoleRef, wire);
    expect(trip.decoded).toEqual({ ok: true, value: role });
    expect(trip.encoded).toEqual({ ok: true, value: role });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });
});
