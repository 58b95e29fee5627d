import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPES } from "../../shared/games/game-type.ts";
import { attemptCells, attemptColumnHeaders, groupRowsByKind } from "./attempt-table.ts";
import { mapSessionDetail } from "./map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const rowsOf = (type: (typeof GAME_TYPES)[number]) => {
  const result = mapSessionDetail(Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES[type]));
  if (!result.ok) throw new Error(result.message);
  return result.value.challenges;
};

describe("attempt tables", () => {
  test.each(GAME_TYPES)("every %s cell is shown the way its column heading says", (type) => {
    for (const row of rowsOf(type)) {
      const headers = attemptColumnHeaders(row.kind);
      const cells = attemptCells(row);
      expect(cells.map((cell) => cell.display)).toEqual(headers.map((header) => header.display));
    }
  });

  test.each(GAME_TYPES)("every %s table ends with Score, Result, SLP Notes and Actions", (type) => {
    for (const row of rowsOf(type)) {
      expect(attemptColumnHeaders(row.kind).slice(-4).map((header) => [header.label, header.display])).toEqual([
        ["Score", "text"],
        ["Result", "boolean"],
        ["SLP Notes", "slp-notes"],
        ["Actions", "actions"],
      ]);
    }
  });

  test("a session mixing medication presentations shows one table per presentation", () => {
    expect(groupRowsByKind(rowsOf("medication_management")).map((group) => [group.kind, group.rows.length])).toEqual([
      ["medication_management_image", 1],
      ["medication_management_directions", 2],
    ]);
  });

  test("a missing score reads 'Not available'", () => {
    const [row] = rowsOf("parrot");
    if (row === undefined) throw new Error("missing row");
    const cells = attemptCells({ ...row, score: null });
    expect(cells.at(-4)).toEqual({ display: "text", text: "Not available" });
  });
});
