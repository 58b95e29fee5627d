import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { mapPillSortingSession } from "./pill-sorting.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const mapped = (input: unknown) => {
  const result = mapPillSortingSession(Schema.decodeUnknownSync(SessionDetailWire)(input));
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe("pill sorting session", () => {
  test("pill sorting always reads easy, whatever level the server sent", () => {
    expect(mapped({ ...SESSION_DETAIL_EXAMPLES.pill_sorting, difficulty: "hard" }).difficulty).toBe("easy");
  });

  test("the weekly schedule keeps each weekday's first entry, Sunday first", () => {
    const row = mapped(SESSION_DETAIL_EXAMPLES.pill_sorting).challenges[0];
    expect(row?.schedule).toEqual([
      { weekday: "sunday", entry: { timeOfDay: "morning", pills: 1 } },
      { weekday: "monday", entry: { timeOfDay: "morning", pills: 1 } },
      { weekday: "tuesday", entry: { timeOfDay: "night", pills: 2 } },
      { weekday: "wednesday", entry: { timeOfDay: "morning", pills: 1 } },
      { weekday: "thursday", entry: { timeOfDay: "morning", pills: 1 } },
      { weekday: "friday", entry: { timeOfDay: "morning", pills: 1 } },
      { weekday: "saturday", entry: null },
    ]);
    expect(row).toMatchObject({ prescription: "Take 1 pill every morning and 2 pills every night.", answer: "1 in the morning, 2 at night", totalAttempts: 2 });
  });

  test("the schedule reads day by day", () => {
    const row = mapped(SESSION_DETAIL_EXAMPLES.pill_sorting).challenges[0];
    if (row === undefined) throw new Error("missing row");
    expect(attemptCells(row)[2]).toEqual({
      display: "text",
      text: "Sun: 1 pill (morning); Mon: 1 pill (morning); Tue: 2 pills (night); Wed: 1 pill (morning); Thu: 1 pill (morning); Fri: 1 pill (morning); Sat: none",
    });
  });

  test("the table reads Prescription, Answer, Schedule, Attempts, then the closing columns", () => {
    expect(attemptColumnHeaders("pill_sorting").map((column) => column.label)).toEqual([
      "Prescription", "Answer", "Schedule", "Attempts", "Score", "Result", "SLP Notes", "Actions",
    ]);
  });
});
