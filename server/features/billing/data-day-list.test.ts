import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { dayNumberToIso } from "../../../domain/billing/index.ts";
import { dayListsOf } from "./data-day-list.ts";

describe("dayListsOf: the data days' text of the month-end statement", () => {
  const entry = fc.record({ day: fc.integer({ min: -40_000, max: 60_000 }), sessions: fc.integer({ min: 0, max: 100_000 }) });

  test.prop([fc.array(entry, { maxLength: 150 })])("reads every day and its sessions, in the text's order", (entries) => {
    const text = entries.map(({ day, sessions }) => `${day}:${sessions}`).join(",");
    const read = dayListsOf(entries.length === 0 ? null : text);
    expect(read.days).toEqual(entries.map(({ day }) => dayNumberToIso(day)));
    expect(read.sessions).toEqual(entries.map(({ sessions }) => sessions));
  });

  test("no data day: the database's null, or an empty text", () => {
    expect(dayListsOf(null)).toEqual({ days: [], sessions: [] });
    expect(dayListsOf("")).toEqual({ days: [], sessions: [] });
  });

  test("days before 1970 and the same day twice read as written", () => {
    expect(dayListsOf("-1:2,0:1,20789:12,20789:3")).toEqual({ days: ["1969-12-31", "1970-01-01", "2026-12-02", "2026-12-02"], sessions: [2, 1, 12, 3] });
  });
});
