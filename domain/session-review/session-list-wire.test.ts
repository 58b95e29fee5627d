import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { hasNextSessionPage, SessionListPageWire } from "./session-list-wire.ts";

const decode = Schema.decodeUnknownResult(SessionListPageWire);
const page = {
  current_page: 1,
  total_pages: 3,
  count: 24,
  results: [
    {
      id: 101,
      start_time: "2024-05-02T14:30:00Z",
      duration: 42,
      current_level: "medium",
      assigned_at: "2024-04-28T09:00:00Z",
      accuracy_percentage: 66.7,
      reviewed: false,
    },
  ],
};

describe("session list page", () => {
  test("a page of sessions decodes", () => {
    const decoded = decode(page);
    expect(decoded._tag === "Success" && decoded.success.results[0]?.current_level).toBe("medium");
  });

  test.each([
    ["a textual reviewed flag", { ...page, results: [{ ...page.results[0], reviewed: "false" }] }],
    ["an unknown level", { ...page, results: [{ ...page.results[0], current_level: "expert" }] }],
    ["a negative duration", { ...page, results: [{ ...page.results[0], duration: -1 }] }],
    ["a missing count", { ...page, count: undefined }],
    ["a start time without offset", { ...page, results: [{ ...page.results[0], start_time: "2024-05-02 14:30" }] }],
  ])("rejects %s", (_, input) => {
    expect(decode(input)._tag).toBe("Failure");
  });

  test("an unplayed session may have no duration or accuracy yet", () => {
    expect(decode({ ...page, results: [{ ...page.results[0], duration: null, accuracy_percentage: null, assigned_at: null }] })._tag).toBe("Success");
  });

  test.prop([fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })])("another page loads only while the current page is below the total", (current, total) => {
    expect(hasNextSessionPage({ current_page: current, total_pages: total })).toBe(current < total);
  });
});
