import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { isRetryableStatus, recordRefusalOf } from "./record-refusal.ts";

describe("a refused read (issue 31 item 16)", () => {
  it("names another's record (403) and a missing one (404), nothing else", () => {
    expect(recordRefusalOf(403)).toBe("forbidden");
    expect(recordRefusalOf(404)).toBe("not-found");
    for (const status of [0, 200, 400, 401, 409, 429, 500, 503]) expect(recordRefusalOf(status)).toBeNull();
  });

  it("never tries a 403 or a 404 again, nor a 400 or a 401", () => {
    for (const status of [400, 401, 403, 404, 409, 412]) expect(isRetryableStatus(status)).toBe(false);
    for (const status of [0, 408, 429, 500, 502, 503]) expect(isRetryableStatus(status)).toBe(true);
  });

  test.prop([fc.integer({ min: 0, max: 599 })])("a refused record is never retried; a server fault always may be", (status) => {
    if (recordRefusalOf(status) !== null) expect(isRetryableStatus(status)).toBe(false);
    if (status >= 500) expect(isRetryableStatus(status)).toBe(true);
  });
});
