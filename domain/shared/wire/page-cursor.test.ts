import { fc } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import * as Base64Url from "effect/encoding/Base64Url";
import * as Schema from "effect/Schema";
import { decodeStrict } from "./decode.ts";
import { holdsForbiddenCharacter } from "./text-fields.ts";
import { fuzzRuns } from "../testing/fuzz-budget.test-helper.ts";
import { cursorFromAddress, cursorKeysFor, cursorQueryField, cursorQueryOf, cursorToward, encodeCursor, parseCursor, type PageCursor } from "./page-cursor.ts";

const CURSOR: PageCursor = { page: 9001, after: true, order: "first_name,-created_at", keys: ["zoe", "2026-03-01T12:00:00.123456Z", 42] };
const base64 = (text: string) => Base64Url.encode(text);

describe("key cursors", () => {
  it("read back what they were written from, names with accents included", () => {
    expect(parseCursor(encodeCursor(CURSOR))).toEqual(CURSOR);
    const accented: PageCursor = { page: 2, after: false, order: "name", keys: ["łukasz", "müller", 7] };
    expect(parseCursor(encodeCursor(accented))).toEqual(accented);
  });

  it("are the base64url any library writes, and read back any name, whatever its characters", () => {
    const key = fc.oneof(fc.string({ unit: "binary", maxLength: 30 }).filter((text) => !holdsForbiddenCharacter(text, "single-line")), fc.integer({ min: 1, max: 2_000_000 }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), fc.array(key, { minLength: 1, maxLength: 5 }), (page, after, keys) => {
        const cursor: PageCursor = { page, after, order: "name", keys };
        const text = encodeCursor(cursor);
        // Written by hand (issue 35), checked against effect's encoder on the same ASCII JSON.
        expect(Base64Url.decodeString(text)).toMatchObject({ success: expect.any(String) });
        expect(parseCursor(text)).toEqual(cursor);
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(encodeCursor(CURSOR)).toBe(base64(JSON.stringify([9001, 1, "first_name,-created_at", "zoe", "2026-03-01T12:00:00.123456Z", 42])));
  });

  it.each([
    ["empty", ""],
    ["not base64url", "a+b/c="],
    ["not JSON", base64("{oops")],
    ["an object", base64(JSON.stringify({ page: 2 }))],
    ["too few parts", base64(JSON.stringify([2, 1, "name"]))],
    ["page 0", base64(JSON.stringify([0, 1, "name", "ann", 1]))],
    ["a direction of 2", base64(JSON.stringify([2, 2, "name", "ann", 1]))],
    ["an order with spaces", base64(JSON.stringify([2, 1, "name; drop", "ann", 1]))],
    ["a control character", base64(JSON.stringify([2, 1, "name", "a\u0000", 1]))],
    ["a fraction", base64(JSON.stringify([2, 1, "name", "ann", 1.5]))],
    ["a nested list", base64(JSON.stringify([2, 1, "name", ["ann"], 1]))],
    ["too long", "A".repeat(1300)],
  ])("refuse %s", (_, text) => {
    expect(parseCursor(text)).toBeUndefined();
  });

  it("fit an order only with its name and keys of its kinds", () => {
    const kinds = ["text", "instant", "id"] as const;
    expect(cursorKeysFor(CURSOR, "first_name,-created_at", kinds)).toEqual(CURSOR.keys);
    expect(cursorKeysFor(CURSOR, "first_name", kinds)).toBeUndefined();
    expect(cursorKeysFor({ ...CURSOR, keys: ["zoe", "2026-13-01T12:00:00.123456Z", 42] }, CURSOR.order, kinds)).toBeUndefined();
    expect(cursorKeysFor({ ...CURSOR, keys: ["zoe", "0000-01-01T00:00:00.000000Z", 42] }, CURSOR.order, kinds)).toBeUndefined();
    expect(cursorKeysFor({ ...CURSOR, keys: ["zoe", "2026-03-01T12:00:00.123Z", 42] }, CURSOR.order, kinds)).toBeUndefined();
    expect(cursorKeysFor({ ...CURSOR, keys: ["zoe", "2026-03-01T12:00:00.123456Z", 0] }, CURSOR.order, kinds)).toBeUndefined();
    expect(cursorKeysFor({ ...CURSOR, keys: [5, "2026-03-01T12:00:00.123456Z", 42] }, CURSOR.order, kinds)).toBeUndefined();
  });

  it("decode at the edge: a garbled cursor is ERROR_056 on cursor", () => {
    const decode = decodeStrict(Schema.Struct(cursorQueryField));
    expect(decode({ cursor: encodeCursor(CURSOR) })).toEqual({ ok: true, value: { cursor: CURSOR } });
    expect(decode({ cursor: "%%" })).toMatchObject({ ok: false, code: "ERROR_056", field: "cursor" });
  });

  it("lead the pager one page either way, and an address keeps only a real one", () => {
    const shown = { current_page: 5, next_cursor: "next", prev_cursor: "prev" };
    expect(cursorToward(shown, 6)).toBe("next");
    expect(cursorToward(shown, 4)).toBe("prev");
    expect(cursorToward(shown, 9)).toBeUndefined();
    expect(cursorToward({ current_page: 2, next_cursor: null, prev_cursor: "prev" }, 1)).toBeUndefined();
    expect(cursorFromAddress(encodeCursor(CURSOR))).toBe(encodeCursor(CURSOR));
    expect(cursorFromAddress("mangled!")).toBeUndefined();
    expect(cursorQueryOf(undefined)).toEqual({});
    expect(cursorQueryOf(encodeCursor(CURSOR))).toEqual({ cursor: CURSOR });
  });
});
