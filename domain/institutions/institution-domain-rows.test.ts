import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { type DomainRowsDraft, domainRowField, domainRowsDraftOf, domainRowsOf, withDomainRowAdded, withDomainRowRemoved } from "./institution-domain-rows.ts";

// What a person does to the list: add a row, remove the nth shown, type into the nth shown.
type Step = { readonly kind: "add" } | { readonly kind: "remove"; readonly nth: number } | { readonly kind: "type"; readonly nth: number; readonly text: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: "add" } as const),
  fc.nat(6).map((nth) => ({ kind: "remove", nth }) as const),
  fc.record({ kind: fc.constant("type" as const), nth: fc.nat(6), text: fc.string({ maxLength: 8 }) }),
);
const apply = (draft: DomainRowsDraft, one: Step): DomainRowsDraft => {
  const rows = domainRowsOf(draft);
  if (one.kind === "add") return { ...draft, domain_rows: withDomainRowAdded(draft).rows };
  const row = rows[one.nth % rows.length];
  if (row === undefined) return draft;
  return one.kind === "remove" ? { ...draft, domain_rows: withDomainRowRemoved(draft, row.key).rows } : { ...draft, [row.field]: one.text };
};

describe("the institution form's domain rows", () => {
  it("start as one row per domain, and one blank row for an institution with none", () => {
    expect(domainRowsOf(domainRowsDraftOf(["a.org", "b.org"])).map((row) => row.domain)).toEqual(["a.org", "b.org"]);
    expect(domainRowsOf(domainRowsDraftOf([]))).toEqual([{ key: 0, field: "domain_0", domain: "" }]);
  });

  it("send the focus to the row below a removed one, else above, else nowhere (the page takes it to Add domain)", () => {
    const draft = domainRowsDraftOf(["a.org", "b.org", "c.org"]);
    expect(withDomainRowRemoved(draft, 1)).toEqual({ rows: "0,2", focus: 2 });
    expect(withDomainRowRemoved(draft, 2)).toEqual({ rows: "0,1", focus: 1 });
    expect(withDomainRowRemoved(domainRowsDraftOf(["a.org"]), 0)).toEqual({ rows: "1", focus: null });
  });

  test.prop([fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), fc.array(step, { maxLength: 20 })])(
    "whatever is added, removed and typed, a row is always offered, each row keeps its text, and a new row is blank",
    (domains, steps) => {
      let draft = domainRowsDraftOf(domains);
      for (const one of steps) {
        const before = domainRowsOf(draft);
        draft = apply(draft, one);
        const after = domainRowsOf(draft);
        expect(after.length).toBeGreaterThan(0);
        expect(new Set(after.map((row) => row.key)).size).toBe(after.length);
        // A row still shown has the text it had, unless this step typed into it.
        for (const row of after) {
          const was = before.find((old) => old.key === row.key);
          if (was === undefined) expect(row.domain).toBe("");
          else if (one.kind !== "type" || before[one.nth % before.length]?.key !== row.key) expect(row.domain).toBe(was.domain);
        }
      }
    },
  );

  test.prop([fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 5 })])("adding a row and removing it gives the rows back", (domains) => {
    const draft = domainRowsDraftOf(domains);
    const added = withDomainRowAdded(draft);
    const grown = { ...draft, domain_rows: added.rows, [domainRowField(added.key)]: "" };
    expect(withDomainRowRemoved(grown, added.key).rows).toBe(draft.domain_rows);
  });
});
