import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { formatQueryString, parseQueryString } from "./query-pairs.ts";

describe("address queries as pairs", () => {
  test.prop([fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.string()), { maxLength: 8 })])("read back what they wrote", (pairs) => {
    expect(parseQueryString(formatQueryString(pairs))).toEqual(pairs);
  });

  it("read a query as the browser does: repeated keys, + as space, broken escapes as written", () => {
    expect(parseQueryString("?status=active&search=ada+love&status=pending&x&bad=%E0%A4%A")).toEqual([
      ["status", "active"],
      ["search", "ada love"],
      ["status", "pending"],
      ["x", ""],
      ["bad", "%E0%A4%A"],
    ]);
  });
});
