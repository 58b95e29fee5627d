import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { validateConfigurationName } from "./configuration-name.ts";

describe("validateConfigurationName", () => {
  it("requires a name with the spec's message", () => {
    expect(validateConfigurationName("   ")).toEqual({ ok: false, code: "ERROR_003", message: "Configuration name is required", field: "name" });
  });

  it("requires at least 2 characters with the spec's message", () => {
    expect(validateConfigurationName(" a ")).toEqual({
      ok: false,
      code: "ERROR_004",
      message: "Configuration name must be at least 2 characters",
      field: "name",
    });
  });

  it("accepts and trims a good name", () => {
    expect(validateConfigurationName("  Easy week  ")).toEqual({ ok: true, value: "Easy week" });
  });

  test.prop([fc.string()])("passes exactly when the trimmed name has 2 or more characters", (name) => {
    const result = validateConfigurationName(name);
    expect(result.ok).toBe([...name.trim()].length >= 2);
    if (result.ok) expect(result.value).toBe(result.value.trim());
  });

  it("refuses a name holding an invisible direction or width character (ERROR_056 on name)", () => {
    expect(validateConfigurationName("Morning \u202eset")).toMatchObject({ ok: false, code: "ERROR_056", field: "name" });
    expect(validateConfigurationName("Morning set")).toEqual({ ok: true, value: "Morning set" });
  });
});
