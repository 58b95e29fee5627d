import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isDomainName, validateDomain } from "../shared/validators/domain-name.ts";
import { allowedDomainFailures, validateAllowedDomains } from "./institution-domains.ts";

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);
const tld = fc.stringMatching(/^[a-z]{2,10}$/);
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 4 }), tld).map(([labels, top]) => [...labels, top].join("."));

describe("domain names", () => {
  it.each(["example.org", "clinic.example.co.uk", "a-b.io", "xn--mnchen-3ya.de", "EXAMPLE.ORG"])("accepts %j", (text) => {
    expect(validateDomain(text)).toEqual({ ok: true, value: text.toLowerCase() });
  });

  it.each(["example", "https://example.org", "user@example.org", "-bad.org", "bad-.org", "exa mple.org", "example..org", ".example.org", "example.org/", "example.org:8080", "example.c", "example.123", "münchen.de", ""])(
    "refuses %j with ERROR_023",
    (text) => {
      expect(validateDomain(text)).toMatchObject({ ok: false, code: "ERROR_023", message: "The domain format is invalid" });
    },
  );

  test.prop([domain])("any dot-joined set of valid labels with a letter TLD is a domain", (name) => {
    fc.pre(name.length <= 253);
    expect(isDomainName(name)).toBe(true);
  });

  test.prop([fc.string()])("a domain never holds characters outside letters, digits, dots and hyphens", (text) => {
    if (isDomainName(text)) expect(text).toMatch(/^[a-z0-9.-]+$/);
  });
});

describe("validateAllowedDomains", () => {
  it("normalises and drops blank entries", () => {
    expect(validateAllowedDomains([" Clinic.org ", "", "  ", "health.example.com"])).toEqual({ ok: true, value: ["clinic.org", "health.example.com"] });
  });

  it("refuses the first invalid entry with ERROR_023", () => {
    expect(validateAllowedDomains(["clinic.org", "not a domain"])).toMatchObject({ ok: false, code: "ERROR_023" });
  });

  it("refuses a duplicate in any letter case with ERROR_031", () => {
    expect(validateAllowedDomains(["clinic.org", "CLINIC.org"])).toMatchObject({ ok: false, code: "ERROR_031", message: "The domain already exists" });
  });

  test.prop([fc.uniqueArray(domain, { maxLength: 6 })])("a list of distinct valid domains passes unchanged", (domains) => {
    fc.pre(domains.every((d) => d.length <= 253));
    expect(validateAllowedDomains(domains)).toEqual({ ok: true, value: domains });
  });

  test.prop([fc.array(fc.string())])("an accepted list never holds duplicates or blanks", (entries) => {
    const result = validateAllowedDomains(entries);
    if (result.ok) {
      expect(new Set(result.value).size).toBe(result.value.length);
      for (const d of result.value) expect(isDomainName(d)).toBe(true);
    }
  });
});

describe("allowedDomainFailures (the form's per-entry errors)", () => {
  it("names the failure of each entry in its own place", () => {
    const failures = allowedDomainFailures(["clinic.org", "not a domain", "", "Clinic.org", "health.example"]);
    expect(failures.map((failure) => failure?.code)).toEqual([undefined, "ERROR_023", undefined, "ERROR_031", undefined]);
  });

  test.prop([fc.array(fc.oneof(domain, fc.string({ maxLength: 20 })), { maxLength: 8 })])(
    "the list is accepted exactly when no entry fails, and the first failure is the one the whole-list check reports",
    (entries) => {
      const failures = allowedDomainFailures(entries);
      expect(failures).toHaveLength(entries.length);
      const first = failures.find((failure) => failure !== undefined);
      const whole = validateAllowedDomains(entries);
      expect(whole.ok).toBe(first === undefined);
      if (!whole.ok) expect(whole.code).toBe(first?.code);
    },
  );
});
