import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { routeId } from "./route-id.ts";

describe("routeId", () => {
  it("reads a positive whole number and refuses anything else", () => {
    expect(routeId("42")).toBe(42);
    for (const raw of [undefined, "", "0", "-3", "07", "1.5", "abc", "12x"]) expect(routeId(raw)).toBeNull();
  });

  test.prop([fc.integer({ min: 1, max: 999_999_999_999_999 })])("reads back every id it would write", (id) => {
    expect(routeId(String(id))).toBe(id);
  });
});
