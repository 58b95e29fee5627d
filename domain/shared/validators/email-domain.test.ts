import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkEmailInDomains, emailDomainOf } from "./email-domain.ts";

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)).map(([labels, top]) => [...labels, top].join("."));
const local = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);

describe("e-mail inside the institution's domains", () => {
  it("reads the domain after the last @, lower-cased", () => {
    expect(emailDomainOf("Ann.Lee@Clinic.ORG")).toBe("clinic.org");
    expect(emailDomainOf("no-at-sign")).toBe("");
  });

  it("refuses a subdomain or a look-alike with the code it is given", () => {
    expect(checkEmailInDomains("a@mail.clinic.org", ["clinic.org"], "ERROR_020")).toMatchObject({ ok: false, code: "ERROR_020", field: "email", message: "The email domain is not allowed" });
    expect(checkEmailInDomains("a@clinic.org.evil.test", ["clinic.org"], "ERROR_022")).toMatchObject({ ok: false, code: "ERROR_022", message: "The email does not belong to the institution" });
  });

  test.prop([local, domain])("an institution without allowed domains accepts any address", (name, at) => {
    expect(checkEmailInDomains(`${name}@${at}`, [], "ERROR_020")).toEqual({ ok: true, value: `${name}@${at}` });
  });

  test.prop([local, fc.array(domain, { minLength: 1, maxLength: 4 }), fc.nat(), fc.boolean()])(
    "an address at any allowed domain passes, whatever the letter case",
    (name, domains, pick, upper) => {
      const chosen = domains[pick % domains.length] ?? "";
      const email = `${name}@${upper ? chosen.toUpperCase() : chosen}`;
      expect(checkEmailInDomains(email, domains, "ERROR_022").ok).toBe(true);
    },
  );

  test.prop([local, domain, fc.array(domain, { minLength: 1, maxLength: 4 })])("an address passes exactly when its domain is one of the allowed ones", (name, at, domains) => {
    expect(checkEmailInDomains(`${name}@${at}`, domains, "ERROR_020").ok).toBe(domains.includes(at));
  });
});
