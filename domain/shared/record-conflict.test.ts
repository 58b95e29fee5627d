import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { changedFields, isStaleVersionFailure, rebaseDraft } from "./record-conflict.ts";

const FIELDS = ["first_name", "last_name", "phone", "city"] as const;
type Form = Record<(typeof FIELDS)[number], string>;
// A small alphabet so generated drafts often repeat the started or the stored value.
const value = fc.constantFrom("", "a", "b", "c");
const form: fc.Arbitrary<Form> = fc.record({ first_name: value, last_name: value, phone: value, city: value });

describe("changedFields", () => {
  test.prop([form, form, form])("lists exactly the fields the person edited, in the form's order, with the three values", (started, current, draft) => {
    const changes = changedFields(started, current, draft);
    expect(changes.map((change) => change.field)).toEqual(FIELDS.filter((field) => draft[field] !== started[field]));
    for (const change of changes) {
      expect(change).toEqual({
        field: change.field,
        started: started[change.field],
        theirs: current[change.field],
        mine: draft[change.field],
        changedByThem: current[change.field] !== started[change.field],
      });
    }
  });

  test.prop([form, form])("a person who edited nothing has nothing to decide, whatever someone else did", (started, current) => {
    expect(changedFields(started, current, started)).toEqual([]);
  });

  it("compares with the field's own sameness (a score typed 0.50 is the stored 0.5)", () => {
    const same = (a: unknown, b: unknown) => Number(a) === Number(b);
    expect(changedFields({ score: "0.5" }, { score: "0.7" }, { score: "0.50" }, same)).toEqual([]);
    expect(changedFields({ score: "0.5" }, { score: "0.7" }, { score: "0.9" }, same)).toEqual([
      { field: "score", started: "0.5", theirs: "0.7", mine: "0.9", changedByThem: true },
    ]);
  });
});

describe("rebaseDraft", () => {
  test.prop([form, form, form])("keeps what the person edited and takes the stored value everywhere else", (started, current, draft) => {
    const rebased = rebaseDraft(started, current, draft);
    for (const field of FIELDS) expect(rebased[field]).toBe(draft[field] === started[field] ? current[field] : draft[field]);
  });

  test.prop([form, form, form])("the rebased draft, measured from the stored version, changes nothing the person did not edit", (started, current, draft) => {
    const rebased = rebaseDraft(started, current, draft);
    const edited = new Set(changedFields(started, current, draft).map((change) => change.field));
    for (const change of changedFields(current, current, rebased)) expect(edited.has(change.field)).toBe(true);
  });

  test.prop([form, form])("when nobody else changed anything, the draft is sent as typed", (started, draft) => {
    expect(rebaseDraft(started, started, draft)).toEqual(draft);
  });
});

describe("isStaleVersionFailure", () => {
  it("is a 412 on the version field, and nothing else", () => {
    expect(isStaleVersionFailure({ code: "ERROR_056", message: "changed", status: 412, field: "version" })).toBe(true);
    expect(isStaleVersionFailure({ code: "ERROR_056", message: "bad tag", status: 400, field: "version" })).toBe(false);
    expect(isStaleVersionFailure({ code: "ERROR_056", message: "x", status: 412, field: "score" })).toBe(false);
    expect(isStaleVersionFailure({ code: "ERROR_056", message: "x", status: 412 })).toBe(false);
    for (const other of [null, undefined, "412", new TypeError("Failed to fetch")]) expect(isStaleVersionFailure(other)).toBe(false);
  });
});
