import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { hasPostalCodeFormat, validatePostalCode } from "./postal-code.ts";

const US = { name: "United States", code2: "US" };
const DE = { name: "Germany", code2: "DE" };
const JP = { name: "Japan", code2: "JP" };

describe("validatePostalCode", () => {
  it("is optional", () => {
    expect(validatePostalCode("  ", null)).toEqual({ ok: true, value: "" });
  });

  it("needs a country once a code is given", () => {
    expect(validatePostalCode("12345", null)).toEqual({
      ok: false,
      code: "ERROR_076",
      message: "Country must be selected to validate postal code",
      field: "zip_code",
    });
  });

  it.each([
    ["90210", US],
    ["90210-1234", US],
    ["10115", DE],
    ["100-0001", JP],
    [" sw1a 1aa ", { name: "United Kingdom", code2: "GB" }],
    ["K1A 0B1", { name: "Canada", code2: "ca" }],
  ])("accepts %j for %o", (code, country) => {
    expect(validatePostalCode(code, country)).toEqual({ ok: true, value: code.trim().toUpperCase() });
  });

  it.each([
    ["1234", US],
    ["90210-12", US],
    ["1011", DE],
    ["1000001", JP],
  ])("refuses %j for %o with the country's name", (code, country) => {
    expect(validatePostalCode(code, country)).toEqual({
      ok: false,
      code: "ERROR_076",
      message: `Invalid postal code for ${country.name}`,
      field: "zip_code",
    });
  });

  it("falls back to a generic format for a country without a known one", () => {
    expect(hasPostalCodeFormat("HK")).toBe(false);
    expect(validatePostalCode("999077", { name: "Hong Kong", code2: "HK" }).ok).toBe(true);
    expect(validatePostalCode("99#077", { name: "Hong Kong", code2: "HK" }).ok).toBe(false);
  });

  test.prop([fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 5, maxLength: 5 }), fc.option(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 4, maxLength: 4 }))])(
    "any US ZIP or ZIP+4 passes",
    (zip, plus4) => {
      const code = plus4 === null ? zip : `${zip}-${plus4}`;
      expect(validatePostalCode(code, US).ok).toBe(true);
    },
  );

  test.prop([fc.string({ minLength: 1 })])("a non-blank code without a country always fails", (code) => {
    fc.pre(code.trim().length > 0);
    expect(validatePostalCode(code, undefined)).toMatchObject({ ok: false, code: "ERROR_076" });
  });
});
