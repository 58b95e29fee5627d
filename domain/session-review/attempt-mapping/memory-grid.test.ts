import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { MAX_TEXT_LENGTH } from "../../shared/validators/text-length.ts";
import { mapMemoryGridSession, patternText } from "./memory-grid.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const detail = Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.memory_grid);
const view = (() => {
  const result = mapMemoryGridSession(detail);
  if (!result.ok) throw new Error(result.message);
  return result.value;
})();

describe("memory grid session", () => {
  test("colour codes read 0 blue, 1 green, 2 red, 3 yellow", () => {
    expect(view.challenges[0]?.pattern).toEqual([
      ["blue", null, "red"],
      [null, "green", null],
      ["yellow", null, null],
    ]);
  });

  test("rows carry time, hints and which attempt it was", () => {
    expect(view.challenges.map((row) => [row.timeSeconds, row.hints, row.attempts, row.isCorrect])).toEqual([
      [12.5, 1, 1, false],
      [9, 0, 2, true],
      [6, 0, 1, true],
    ]);
  });

  test("success rate is a memory-grid tile; words count is not", () => {
    expect(view.statistics.successRatePercent).toBe(100);
    expect(view.statistics.wordsCount).toBeNull();
    expect(view.statistics.timeSpentChangePercent).toBe(-10.3);
  });

  test("the table reads Pattern, Time, Hint, Attempts, then the closing columns", () => {
    expect(attemptColumnHeaders("memory_grid").map((column) => column.label)).toEqual([
      "Pattern", "Time", "Hint", "Attempts", "Score", "Result", "SLP Notes", "Actions",
    ]);
    const row = view.challenges[0];
    if (row === undefined) throw new Error("missing row");
    expect(attemptCells(row).slice(0, 4)).toEqual([
      { display: "text", text: "blue, empty, red / empty, green, empty / yellow, empty, empty" },
      { display: "text", text: "12.5 seconds" },
      { display: "text", text: "1" },
      { display: "text", text: "1" },
    ]);
  });

  test("a pattern text never exceeds 1000 characters", () => {
    const huge = Array.from({ length: 60 }, () => Array.from({ length: 60 }, () => "yellow" as const));
    const text = patternText(huge);
    expect(text.length).toBe(MAX_TEXT_LENGTH);
    expect(text.endsWith("…")).toBe(true);
  });

  test("an unknown colour code is not a memory-grid session", () => {
    const broken = Schema.decodeUnknownSync(SessionDetailWire)({
      ...SESSION_DETAIL_EXAMPLES.memory_grid,
      challenges_in_session: [{ ...SESSION_DETAIL_EXAMPLES.memory_grid.challenges_in_session[0], content: { pattern: [[4]] } }],
    });
    expect(mapMemoryGridSession(broken)).toMatchObject({ ok: false, code: "ERROR_001", message: "Invalid Memory grid session" });
  });
});
