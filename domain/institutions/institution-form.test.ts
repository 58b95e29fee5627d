import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { domainRowsDraftOf } from "./institution-domain-rows.ts";
import { checkInstitutionForm, institutionChangeSettles, institutionDraftOf, institutionFieldOfServerField, type InstitutionDraft } from "./institution-form.ts";

const NEW = institutionDraftOf({ name: "", allowed_domains: [], description: "" });
const withDomains = (draft: InstitutionDraft, domains: readonly string[]): InstitutionDraft => ({ ...draft, ...domainRowsDraftOf(domains) });
const CREATE = { withBillingSettings: false };
const EDIT = { withBillingSettings: true };

describe("the institution form's check", () => {
  it("starts a new institution in New York with no supply kind, one blank domain row", () => {
    expect(NEW).toMatchObject({ time_zone: "America/New_York", time_zone_text: "America/New York", rtm_supply_kind: "none", domain_rows: "0", domain_0: "" });
  });

  it("asks for a name, shows each domain's failure on its own row, and sends nothing", () => {
    const checked = checkInstitutionForm(withDomains(NEW, ["lakeside.org", "not a domain", "LAKESIDE.org"]), CREATE);
    expect(checked).toEqual({
      ok: false,
      errors: { name: "The name is required", domain_1: "The domain format is invalid", domain_2: "The domain already exists" },
    });
  });

  it("sends the trimmed name and non-blank domains, without the billing settings when creating", () => {
    const draft = withDomains({ ...NEW, name: " Lakeside Rehab " }, ["", " lakeside.org ", "  "]);
    expect(checkInstitutionForm(draft, CREATE)).toEqual({ ok: true, value: { name: "Lakeside Rehab", allowed_domains: ["lakeside.org"], description: "" } });
  });

  it("when editing, asks for a time zone and sends it with the supply kind (none chosen: null)", () => {
    const draft = { ...NEW, name: "Lakeside" };
    expect(checkInstitutionForm({ ...draft, time_zone: "" }, EDIT)).toEqual({ ok: false, errors: { time_zone: "The time zone is required" } });
    expect(checkInstitutionForm(draft, EDIT)).toMatchObject({ ok: true, value: { time_zone: "America/New_York", rtm_supply_kind: null } });
    expect(checkInstitutionForm({ ...draft, rtm_supply_kind: "respiratory" }, EDIT)).toMatchObject({ ok: true, value: { rtm_supply_kind: "respiratory" } });
  });

  test.prop([fc.array(fc.oneof(fc.constantFrom("", " ", "a.org", "B.org", "b.org", "bad domain"), fc.string({ maxLength: 6 })), { maxLength: 6 })])(
    "a blank row is never sent nor faulted, and what is sent is the other rows, trimmed, in order",
    (domains) => {
      const checked = checkInstitutionForm(withDomains({ ...NEW, name: "Lakeside" }, domains), CREATE);
      if (checked.ok) expect(checked.value.allowed_domains).toEqual(domains.filter((domain) => domain.trim() !== "").map((domain) => domain.trim()));
      else domains.forEach((domain, key) => domain.trim() === "" && expect(checked.errors[`domain_${key}`]).toBeUndefined());
    },
  );
});

describe("the server's refusals on the institution form", () => {
  const draft = withDomains(NEW, ["", "a.org", " ", "b.org"]);

  it("land on the field named, a domain on the row it was typed in (its place among those sent)", () => {
    expect(institutionFieldOfServerField("name", draft)).toBe("name");
    expect(institutionFieldOfServerField("time_zone", draft)).toBe("time_zone");
    expect(institutionFieldOfServerField("allowed_domains", draft)).toBe("domain_1");
    expect(institutionFieldOfServerField("allowed_domains.1", draft)).toBe("domain_3");
    expect(institutionFieldOfServerField("allowed_domains.2", draft)).toBeNull();
    expect(institutionFieldOfServerField("version", draft)).toBeNull();
  });

  it("a change to any domain settles every domain's message (a repeat involves two rows); the zone's text settles the zone's", () => {
    expect(institutionChangeSettles("domain_0", "domain_3")).toBe(true);
    expect(institutionChangeSettles("domain_rows", "domain_3")).toBe(true);
    expect(institutionChangeSettles("name", "domain_3")).toBe(false);
    expect(institutionChangeSettles("domain_0", "name")).toBe(false);
    expect(institutionChangeSettles("time_zone_text", "time_zone")).toBe(true);
    expect(institutionChangeSettles("description", "description")).toBe(true);
  });
});
