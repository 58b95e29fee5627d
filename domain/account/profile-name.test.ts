import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { MAX_PROFILE_NAME_LENGTH, validateProfileName } from "./profile-name.ts";

describe("validateProfileName", () => {
  it("requires a name with the catalogue message naming the field", () => {
    expect(validateProfileName("   ", "first_name")).toEqual({
      ok: false,
      code: "ERROR_003",
      message: "The first name is required",
      field: "first_name",
    });
    expect(validateProfileName("", "last_name")).toMatchObject({ code: "ERROR_003", message: "The last name is required", field: "last_name" });
  });

  it("refuses a single character with ERROR_004", () => {
    expect(validateProfileName(" A ", "last_name")).toMatchObject({ ok: false, code: "ERROR_004", field: "last_name" });
  });

  it("refuses a name longer than the bound", () => {
    expect(validateProfileName("a".repeat(MAX_PROFILE_NAME_LENGTH + 1), "first_name")).toMatchObject({ ok: false, code: "ERROR_056", field: "first_name" });
    expect(validateProfileName("a".repeat(MAX_PROFILE_NAME_LENGTH), "first_name").ok).toBe(true);
  });

  it("counts an accented or emoji character once", () => {
    expect(validateProfileName("Zoë", "first_name")).toEqual({ ok: true, value: "Zoë" });
    expect(validateProfileName("😀", "first_name")).toMatchObject({ ok: false, code: "ERROR_004" });
  });

  test.prop([fc.string({ maxLength: 200 })])("passes exactly when the trimmed name has 2 to 150 characters, and returns it trimmed", (name) => {
    const length = [...name.trim()].length;
    const result = validateProfileName(name, "first_name");
    expect(result.ok).toBe(length >= 2 && length <= MAX_PROFILE_NAME_LENGTH);
    if (result.ok) expect(result.value).toBe(name.trim());
  });
});
