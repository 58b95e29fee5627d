import { fc, test } from "@fast-check/vitest";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { StaffId } from "../ids.ts";
import { decodeStrict, encodeWire } from "./decode.ts";
import { BooleanFromQuery, idFromUrl, positiveIntFromQuery, repeatedFromQuery } from "./query-string.ts";

const Page = positiveIntFromQuery(Schema.Int);
const Statuses = repeatedFromQuery(Schema.Literals(["active", "pending"]));

describe("numbers from a URL", () => {
  it("reads digits as a number", () => {
    expect(decodeStrict(Page)("12")).toEqual({ ok: true, value: 12 });
  });

  it.each(["0", "-1", "01", "1.5", "1e3", "", " 2", "abc", "1234567890123456"])("refuses %j", (text) => {
    expect(decodeStrict(Page)(text)).toMatchObject({ ok: false, code: "ERROR_056" });
  });

  it("refuses a key given twice", () => {
    expect(decodeStrict(Page)(["1", "2"]).ok).toBe(false);
  });

  it("brands an id", () => {
    const decoded = decodeStrict(idFromUrl(StaffId))("7");
    expect(decoded).toEqual({ ok: true, value: StaffId.make(7) });
  });

  test.prop([fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).filter((n) => n < 1e15)])("a positive number written out reads back as itself", (n) => {
    expect(decodeStrict(Page)(String(n))).toEqual({ ok: true, value: n });
    expect(encodeWire(Page)(n)).toEqual({ ok: true, value: String(n) });
  });
});

describe("yes/no from a URL", () => {
  it.each([
    ["true", true],
    ["false", false],
  ])("reads %s", (text, flag) => {
    expect(decodeStrict(BooleanFromQuery)(text)).toEqual({ ok: true, value: flag });
  });

  it.each(["True", "1", "yes", ""])("refuses %j", (text) => {
    expect(decodeStrict(BooleanFromQuery)(text).ok).toBe(false);
  });
});

describe("repeatable keys", () => {
  it("reads one occurrence as a list of one", () => {
    expect(decodeStrict(Statuses)("active")).toEqual({ ok: true, value: ["active"] });
  });

  it("reads several occurrences in order", () => {
    expect(decodeStrict(Statuses)(["pending", "active"])).toEqual({ ok: true, value: ["pending", "active"] });
  });

  it("names the position of a bad occurrence", () => {
    expect(decodeStrict(Statuses)(["active", "bogus"])).toMatchObject({ ok: false, field: "1" });
  });

  test.prop([fc.array(fc.constantFrom("active", "pending"))])("a list encodes and decodes to itself", (list) => {
    const encoded = encodeWire(Statuses)(list);
    expect(encoded).toEqual({ ok: true, value: list });
    expect(encoded.ok && decodeStrict(Statuses)(encoded.value)).toEqual({ ok: true, value: list });
  });

  test.prop([fc.anything()])("never throws", (input) => {
    expect(() => decodeStrict(Statuses)(input)).not.toThrow();
    expect(() => decodeStrict(Page)(input)).not.toThrow();
  });
});
