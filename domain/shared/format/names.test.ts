import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { displayNames, fullNameOrNotSpecified, initials, NOT_SPECIFIED } from "./names.ts";

describe("initials", () => {
  test("first letters, upper-cased", () => {
    expect(initials("ada", "lovelace")).toBe("AL");
    expect(initials("  maria ", "López")).toBe("ML");
  });

  test("one missing name gives one letter", () => {
    expect(initials("Ada", "")).toBe("A");
    expect(initials(null, "lovelace")).toBe("L");
  });

  test("no names at all reads NA", () => {
    expect(initials("", "  ")).toBe("NA");
    expect(initials(undefined, null)).toBe("NA");
  });

  test.prop([fc.string(), fc.string()])("never empty and at most two characters", (first, last) => {
    const result = initials(first, last);
    expect(result.length).toBeGreaterThan(0);
    expect([...result].length).toBeLessThanOrEqual(2);
  });
});

describe("displayNames", () => {
  test("both names empty become N and A", () => {
    expect(displayNames("", " ")).toEqual({ firstName: "N", lastName: "A" });
    expect(displayNames(null, undefined)).toEqual({ firstName: "N", lastName: "A" });
  });

  test("a single known name is kept as is", () => {
    expect(displayNames("Ada", "")).toEqual({ firstName: "Ada", lastName: "" });
  });
});

describe("fullNameOrNotSpecified", () => {
  test("both names give the full name", () => {
    expect(fullNameOrNotSpecified("Ada", "Lovelace")).toBe("Ada Lovelace");
  });

  test("a missing first or last name reads Not specified", () => {
    expect(fullNameOrNotSpecified("Ada", "")).toBe(NOT_SPECIFIED);
    expect(fullNameOrNotSpecified(null, "Lovelace")).toBe(NOT_SPECIFIED);
  });
});
