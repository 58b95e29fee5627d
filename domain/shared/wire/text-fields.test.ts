import { test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeStrict } from "./decode.ts";
import { boundedText, Email, holdsForbiddenCharacter, PasswordText, PersonName, TokenText } from "./text-fields.ts";
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

  // NUL, other C0 controls, DEL, C1 controls (NEL) and lone surrogates of both halves.
  it.each(["a\u0000b", "a\u0001b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u009fb", "a\ud800b", "a\udc00b", "a\ud800"])(
    "refuses %j in every kind of text",
    (text) => {
      expect(holdsForbiddenCharacter(text)).toBe(true);
      expect(decodeStrict(PersonName)(text)).toMatchObject({ ok: false, code: "ERROR_056" });
      expect(decodeStrict(boundedText(50, "multi-line"))(text).ok).toBe(false);
      expect(decodeStrict(Email)(`x${text}@clinic.org`).ok).toBe(false);
      expect(decodeStrict(PasswordText)(`Secret-${text}`).ok).toBe(false);
      expect(decodeStrict(TokenText)(`t${text}`).ok).toBe(false);
    },
  );

  it("takes TAB, LF and CR in multi-line text only", () => {
    expect(decodeStrict(boundedText(50, "multi-line"))("one\r\n\ttwo")).toEqual({ ok: true, value: "one\r\n\ttwo" });
    expect(decodeStrict(PersonName)("Ann\tLee").ok).toBe(false);
    expect(decodeStrict(PersonName)("Ann\nLee").ok).toBe(false);
  });

  it.each(["Zoë", "李小龍", "Ngọc 🙂", "\u00a0Ann\u00a0", "O\u2019Brien"])("keeps ordinary text %j, surrogate pairs included", (text) => {
    expect(holdsForbiddenCharacter(text, "single-line")).toBe(false);
    expect(decodeStrict(PersonName)(text).ok).toBe(true);
  });
});
