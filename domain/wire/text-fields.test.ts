import { test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "./decode.ts";
import { boundedText, Email, PasswordText, PersonName, TokenText } from "./text-fields.ts";
import { emailArb } from "./wire-arbitraries.test-helper.ts";

describe("text fields", () => {
  it("trims names and keeps an empty one (shown as N / A)", () => {
    expect(decodeStrict(PersonName)("  Ann ")).toEqual({ ok: true, value: "Ann" });
    expect(decodeStrict(PersonName)("")).toEqual({ ok: true, value: "" });
  });

  it("bounds text after trimming", () => {
    expect(decodeStrict(boundedText(3))(" abc ").ok).toBe(true);
    expect(decodeStrict(boundedText(3))("abcd").ok).toBe(false);
  });

  it.each(["ann@clinic.org", " ann.lee+slp@mail.clinic.org "])("accepts the email %j", (email) => {
    expect(decodeStrict(Email)(email)).toEqual({ ok: true, value: email.trim() });
  });

  it.each(["ann", "ann@clinic", "ann @clinic.org", "@clinic.org", "", `${"a".repeat(250)}@x.org`])("refuses the email %j", (email) => {
    expect(decodeStrict(Email)(email).ok).toBe(false);
  });

  it("keeps passwords exactly as typed, spaces included", () => {
    expect(decodeStrict(PasswordText)(" secret ")).toEqual({ ok: true, value: " secret " });
    expect(decodeStrict(PasswordText)("x".repeat(1025)).ok).toBe(false);
  });

  it("refuses an empty token", () => {
    expect(decodeStrict(TokenText)("").ok).toBe(false);
  });

  test.prop([emailArb])("generated addresses are accepted unchanged", (email) => {
    expect(decodeStrict(Email)(email)).toEqual({ ok: true, value: email });
  });
});
