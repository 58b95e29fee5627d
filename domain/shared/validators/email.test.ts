import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { normaliseEmail, validateEmail } from "./email.ts";

describe("validateEmail", () => {
  it("requires an email", () => {
    expect(validateEmail("  ")).toEqual({ ok: false, code: "ERROR_003", message: "The email is required", field: "email" });
  });

  it("trims and lower-cases the domain only", () => {
    expect(validateEmail("  Ana.Lopez@Clinic.ORG ")).toEqual({ ok: true, value: "Ana.Lopez@clinic.org" });
  });

  it.each(["ana", "ana@", "@clinic.org", "ana@clinic", "ana lopez@clinic.org", "ana@@clinic.org", "ana@clinic..org"])("refuses %j", (text) => {
    expect(validateEmail(text)).toMatchObject({ ok: false, code: "ERROR_056", message: "The email is not valid" });
  });

  test.prop([fc.emailAddress()])("accepts common addresses", (email) => {
    fc.pre(/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(email) && email.length <= 254);
    expect(validateEmail(email).ok).toBe(true);
  });

  test.prop([fc.string()])("an accepted email has exactly one @ and no spaces", (text) => {
    const result = validateEmail(text);
    if (result.ok) {
      expect(result.value.split("@")).toHaveLength(2);
      expect(result.value).not.toMatch(/\s/);
    }
  });

  it("refuses an address holding an invisible direction or width character (ERROR_056 on the field)", () => {
    expect(validateEmail("ann\u202ea@clinic.org", "email")).toMatchObject({ ok: false, code: "ERROR_056", field: "email" });
    expect(validateEmail("ann\u200b@clinic.org", "email")).toMatchObject({ ok: false, code: "ERROR_056", field: "email" });
  });
});

// Issue 31 item 11: look-alike addresses.
describe("normaliseEmail", () => {
  it.each([
    ["Ana.Lopez@Clinic.ORG", "Ana.Lopez@clinic.org"],
    ["slp@demo.test.", "slp@demo.test"],
    [" SLP@DEMO.TEST. ", "SLP@demo.test"],
    ["anna@Bücher.de", "anna@xn--bcher-kva.de"],
    ["ИВАН@пример.рф", "ИВАН@xn--e1afmkfd.xn--p1ai"],
    ["tanaka@example.jp", "tanaka@example.jp"],
  ])("writes %j as %j", (text, normal) => {
    expect(normaliseEmail(text)).toEqual({ ok: true, value: normal });
    expect(validateEmail(text)).toEqual({ ok: true, value: normal });
  });

  it.each(["\u0430dmin@demo.test", "p\u0430ul@demo.test", "adm\u03b9n@demo.test", "admin@d\u0435mo.test"])("refuses the look-alike %j (letters of two alphabets) with ERROR_056", (text) => {
    expect(normaliseEmail(text)).toEqual({ ok: false, code: "ERROR_056", message: "The email mixes letters of different alphabets", field: "email" });
    expect(validateEmail(text)).toMatchObject({ ok: false, code: "ERROR_056", field: "email" });
  });

  it.each(["ana@clinic.org/evil", "ana@clinic.org:80", "ana@clinic.org..", "ana@.", "ana@"])("refuses %j, which is no domain", (text) => {
    expect(validateEmail(text)).toMatchObject({ ok: false, code: "ERROR_056" });
  });

  test.prop([fc.emailAddress()])("is idempotent, and a normal address's domain is lower-case ASCII without a trailing dot", (email) => {
    const once = normaliseEmail(email);
    fc.pre(once.ok);
    if (!once.ok) return;
    expect(normaliseEmail(once.value)).toEqual(once);
    const domain = once.value.slice(once.value.lastIndexOf("@") + 1);
    expect(domain).toMatch(/^[\x21-\x7e]*[^.]$/);
    expect(domain).toBe(domain.toLowerCase());
  });

  test.prop([fc.emailAddress(), fc.constantFrom("", ".")])("the same inbox typed in another case or with a trailing dot reads the same", (email, dot) => {
    const at = email.lastIndexOf("@");
    const variant = `${email.slice(0, at)}@${email.slice(at + 1).toUpperCase()}${dot}`;
    const a = normaliseEmail(email);
    fc.pre(a.ok);
    expect(normaliseEmail(variant)).toEqual(a);
  });
});
