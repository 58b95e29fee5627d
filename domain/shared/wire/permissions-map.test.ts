import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { RESOURCES, SERVER_ACTIONS } from "../permission-vocabulary.ts";
import { decodeLenient, decodeStrict } from "./decode.ts";
import { PermissionsMap } from "./permissions-map.ts";
import { roundTrip } from "./wire-arbitraries.test-helper.ts";

const knownMapArb = fc.dictionary(
  fc.constantFrom(...RESOURCES),
  fc.uniqueArray(fc.constantFrom(...SERVER_ACTIONS)),
);

describe("permissions map", () => {
  it("keeps known resources and actions", () => {
    const wire = { patient: ["list", "retrieve"], dashboard: ["dashboard"] };
    expect(decodeStrict(PermissionsMap)(wire)).toEqual({ ok: true, value: wire });
  });

  it("drops resources and actions this build does not know, even when decoding strictly", () => {
    const wire = { patient: ["list", "teleport"], billing_v2: ["list"] };
    expect(decodeStrict(PermissionsMap)(wire)).toEqual({ ok: true, value: { patient: ["list"] } });
    expect(decodeLenient(PermissionsMap)(wire)).toEqual({ ok: true, value: { patient: ["list"] } });
  });

  it("refuses a map whose actions are not a list of words", () => {
    expect(decodeStrict(PermissionsMap)({ patient: "list" })).toMatchObject({ ok: false, field: "patient" });
  });

  test.prop([knownMapArb])("a map of known grants round-trips", (map) => {
    const trip = roundTrip(PermissionsMap, map);
    expect(trip.decoded).toEqual({ ok: true, value: map });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });

  test.prop([fc.dictionary(fc.string(), fc.array(fc.string()))])("decoding never grants an unknown action", (map) => {
    const decoded = decodeStrict(PermissionsMap)(map);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    for (const [resource, actions] of Object.entries(decoded.value)) {
      expect(RESOURCES).toContain(resource);
      for (const action of actions ?? []) expect(SERVER_ACTIONS).toContain(action);
    }
  });
});
