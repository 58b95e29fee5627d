import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { deviceAbilities, validateDeviceLabel } from "./device-abilities.ts";
import { DeviceLabel } from "./device-wire.ts";

describe("who may pair the patients' app", () => {
  it("offers nothing, not even the list, to a viewer who may not edit the patient", () => {
    for (const status of ["active", "pending", "inactive"]) {
      expect(deviceAbilities({ edit: false }, status)).toEqual({ see: false, connect: false, connectRefusal: null, revoke: false });
    }
  });

  it("lets an editor connect and revoke for an active or pending patient", () => {
    expect(deviceAbilities({ edit: true }, "active")).toEqual({ see: true, connect: true, connectRefusal: null, revoke: true });
    expect(deviceAbilities({ edit: true }, "pending")).toEqual({ see: true, connect: true, connectRefusal: null, revoke: true });
  });

  it("gives an inactive patient no new device, says why, and still lets the editor revoke", () => {
    expect(deviceAbilities({ edit: true }, "inactive")).toEqual({
      see: true,
      connect: false,
      connectRefusal: "An inactive patient cannot get a new device: activate them first. Devices already connected can still be revoked.",
      revoke: true,
    });
  });
});

describe("a device's label", () => {
  it("is required and trimmed", () => {
    expect(validateDeviceLabel("   ")).toMatchObject({ ok: false, code: "ERROR_003", message: "The label is required", field: "label" });
    expect(validateDeviceLabel("  Margaret's tablet ")).toEqual({ ok: true, value: "Margaret's tablet" });
  });

  it("is at most 100 characters once trimmed", () => {
    expect(validateDeviceLabel(` ${"a".repeat(100)} `).ok).toBe(true);
    expect(validateDeviceLabel("a".repeat(101))).toMatchObject({ ok: false, code: "ERROR_056", message: "The label must be at most 100 characters" });
  });

  it("refuses control and invisible characters", () => {
    expect(validateDeviceLabel("Tab\u0007let")).toMatchObject({ ok: false, code: "ERROR_056" });
    expect(validateDeviceLabel("Tab\u202elet")).toMatchObject({ ok: false, code: "ERROR_056", message: expect.stringContaining("invisible") });
  });

  // The form must never send what the server's schema refuses, nor refuse what it accepts.
  test.prop([fc.string({ maxLength: 120, unit: "binary" })])("accepts exactly what the wire's DeviceLabel decodes, to the same text", (text) => {
    const decoded = Schema.decodeUnknownResult(DeviceLabel)(text);
    const checked = validateDeviceLabel(text);
    expect(checked.ok).toBe(decoded._tag === "Success");
    if (checked.ok && decoded._tag === "Success") expect(checked.value).toBe(decoded.success);
  });
});
