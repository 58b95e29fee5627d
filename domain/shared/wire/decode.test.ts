import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { PatientId } from "../ids.ts";
import { decodeLenient, decodeStrict, encodeWire } from "./decode.ts";

const Body = Schema.Struct({
  name: Schema.String,
  patient: PatientId,
  contact: Schema.optionalKey(Schema.Struct({ zip: Schema.String })),
  tags: Schema.optionalKey(Schema.Array(Schema.Literals(["a", "b"]))),
});

describe("decodeStrict", () => {
  it("accepts a body that matches exactly", () => {
    expect(decodeStrict(Body)({ name: "Ann", patient: 3 })).toEqual({
      ok: true,
      value: { name: "Ann", patient: 3 },
    });
  });

  it("refuses an unknown field, naming it", () => {
    expect(decodeStrict(Body)({ name: "Ann", patient: 3, is_admin: true })).toEqual({
      ok: false,
      code: "ERROR_056",
      message: "The field is not valid",
      field: "is_admin",
      placeholders: { field_name: "is_admin" },
    });
  });

  it("names the nested path of the first bad value", () => {
    const result = decodeStrict(Body)({ name: "Ann", patient: 3, contact: { zip: 12345 } });
    expect(result).toMatchObject({ ok: false, code: "ERROR_056", field: "contact.zip" });
  });

  it("names array positions in the path", () => {
    const result = decodeStrict(Body)({ name: "Ann", patient: 3, tags: ["a", "c"] });
    expect(result).toMatchObject({ ok: false, field: "tags.1" });
  });

  it("refuses an unknown field inside a nested object too", () => {
    const result = decodeStrict(Body)({ name: "Ann", patient: 3, contact: { zip: "1", extra: 1 } });
    expect(result).toMatchObject({ ok: false, field: "contact.extra" });
  });

  it("reports no field when the body is not an object at all", () => {
    const result = decodeStrict(Body)("hello");
    expect(result).toEqual({ ok: false, code: "ERROR_056", message: "The field is not valid" });
  });

  it("refuses a non-positive id", () => {
    expect(decodeStrict(Body)({ name: "Ann", patient: 0 })).toMatchObject({ ok: false, field: "patient" });
  });

  it("uses a field's own catalogue codes for missing and invalid values", () => {
    const codes = { name: { missing: "ERROR_003", invalid: "ERROR_002" } } as const;
    expect(decodeStrict(Body, codes)({ patient: 3 })).toEqual({
      ok: false,
      code: "ERROR_003",
      message: "The name is required",
      field: "name",
      placeholders: { field_name: "name" },
    });
    expect(decodeStrict(Body, codes)({ name: 1, patient: 3 })).toMatchObject({
      ok: false,
      code: "ERROR_002",
      message: "The phone number is not valid",
    });
  });

  it("matches field codes without array positions", () => {
    const codes = { tags: { invalid: "ERROR_052" } } as const;
    expect(decodeStrict(Body, codes)({ name: "A", patient: 1, tags: ["b", "x"] })).toMatchObject({
      ok: false,
      code: "ERROR_052",
      field: "tags.1",
    });
  });

  it("keeps ERROR_056 for a field whose override names only the other case", () => {
    const codes = { name: { missing: "ERROR_003" } } as const;
    expect(decodeStrict(Body, codes)({ name: 5, patient: 3 })).toMatchObject({ code: "ERROR_056" });
  });
});

describe("decodeLenient", () => {
  it("drops fields it does not know instead of refusing them", () => {
    expect(decodeLenient(Body)({ name: "Ann", patient: 3, added_later: "x" })).toEqual({
      ok: true,
      value: { name: "Ann", patient: 3 },
    });
  });

  it("still refuses a known field of the wrong type", () => {
    expect(decodeLenient(Body)({ name: "Ann", patient: "3" })).toMatchObject({ ok: false, field: "patient" });
  });
});

describe("encodeWire", () => {
  it("writes a typed value back to its wire form", () => {
    const decoded = decodeStrict(Body)({ name: "Ann", patient: 3 });
    expect(decoded.ok && encodeWire(Body)(decoded.value)).toEqual({
      ok: true,
      value: { name: "Ann", patient: 3 },
    });
  });
});

describe("decoding never throws", () => {
  test.prop([fc.anything({ withNullPrototype: true, withObjectString: true, withBoxedValues: true })])(
    "decodeStrict and decodeLenient answer every input with a result",
    (input) => {
      const strict = decodeStrict(Body)(input);
      const lenient = decodeLenient(Body)(input);
      expect(typeof strict.ok).toBe("boolean");
      expect(typeof lenient.ok).toBe("boolean");
      if (!strict.ok) expect(strict.code).toBe("ERROR_056");
    },
  );

  test.prop([fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.anything()))])(
    "a body that is not an object fails without naming a field",
    (input) => {
      const result = decodeStrict(Body)(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.field).toBeUndefined();
    },
  );

  test.prop([fc.string({ minLength: 1 }).filter((key) => !["name", "patient", "contact", "tags"].includes(key))])(
    "any extra key is refused strictly and dropped leniently",
    (key) => {
      const input = { name: "Ann", patient: 3, [key]: 1 };
      expect(decodeStrict(Body)(input).ok).toBe(false);
      expect(decodeLenient(Body)(input)).toEqual({ ok: true, value: { name: "Ann", patient: 3 } });
    },
  );
});

describe("characters no field may hold", () => {
  const Body = Schema.Struct({ note: Schema.String, tags: Schema.optionalKey(Schema.Array(Schema.String)) });

  it("are refused in a field whose schema has no text rule, naming the field", () => {
    expect(decodeStrict(Body)({ note: "a\u0000b" })).toMatchObject({ ok: false, code: "ERROR_056", field: "note" });
    expect(decodeStrict(Body)({ note: "ok", tags: ["x", "y\ud800"] })).toMatchObject({ ok: false, field: "tags.1" });
  });

  it("are refused in a key, reported at the object holding it", () => {
    expect(decodeStrict(Body)({ note: "ok", "a\u0000": 1 })).toMatchObject({ ok: false, code: "ERROR_056" });
  });

  it("answer with the field's own code when it has one", () => {
    expect(decodeStrict(Body, { note: { invalid: "ERROR_019" } })({ note: "\u0007" })).toMatchObject({ ok: false, code: "ERROR_019" });
  });

  it("do not stop a deeply nested input from being answered", () => {
    let deep: unknown = "x\u0000";
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(decodeStrict(Body)(deep)).toMatchObject({ ok: false, code: "ERROR_056" });
  });
});
