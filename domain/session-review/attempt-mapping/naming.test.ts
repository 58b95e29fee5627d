import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { mapNamingSession } from "./naming.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const detail = Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.naming);
const view = (() => {
  const result = mapNamingSession(detail);
  if (!result.ok) throw new Error(result.message);
  return result.value;
})();

describe("naming session", () => {
  test("the session header is read as sent", () => {
    expect(view).toMatchObject({ id: 101, startTime: "2024-05-02T14:30:00Z", gameType: "naming", difficulty: "medium", isActive: false });
  });

  test("statistics are rounded to one decimal and only shared tiles are filled", () => {
    expect(view.statistics).toEqual({
      score: 2,
      scoreChangePercent: 33.3,
      accuracyPercent: 66.7,
      accuracyChangePercent: -4.8,
      timeSpentSeconds: 42,
      timeSpentChangePercent: 12.5,
      averageSeconds: 21,
      averageSecondsChangePercent: null,
      averageUnit: "image",
      wordsCount: null,
      successRatePercent: null,
    });
  });

  test("each attempt is a row grouped by its object", () => {
    expect(view.challenges.map((row) => [row.id, row.groupIdentifier, row.trials])).toEqual([
      [5001, 1001, 1],
      [5002, 1001, 2],
      [5003, 1002, 1],
    ]);
  });

  test("a row carries the object, what was said, hints, recording and notes", () => {
    expect(view.challenges[0]).toMatchObject({
      kind: "naming",
      isEditable: true,
      isCorrect: false,
      score: 0,
      object: "apple",
      objectImageUrl: "https://cdn.example.org/naming/apple.png",
      transcription: "apricot",
      hintsUsed: 1,
      responseAudio: "https://cdn.example.org/audio/5001.m4a",
    });
    expect(view.challenges[0]?.notes[0]).toMatchObject({
      note: "Needed a phonemic cue before naming the apple.",
      type: { name: "Observation", sortOrder: 1 },
      createdBy: { firstName: "Dana", lastName: "Reyes" },
      lastEditedBy: null,
    });
  });

  test("the table reads Object, Trials, Transcription, Hints used, Response audio, then the closing columns", () => {
    expect(attemptColumnHeaders("naming").map((column) => column.label)).toEqual([
      "Object", "Trials", "Transcription", "Hints used", "Response audio", "Score", "Result", "SLP Notes", "Actions",
    ]);
  });

  test("the object is an image that opens larger, named for screen readers", () => {
    const row = view.challenges[2];
    if (row === undefined) throw new Error("missing row");
    const cells = attemptCells(row);
    expect(cells[0]).toEqual({ display: "image-dialog", url: "https://cdn.example.org/naming/umbrella.png", alt: "umbrella" });
    expect(cells[6]).toEqual({ display: "boolean", value: true });
    expect(cells[8]).toEqual({ display: "actions", attemptId: 5003, editable: false });
  });

  test("another game's session does not open as naming", () => {
    const memory = Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.memory_grid);
    expect(mapNamingSession(memory)).toEqual({ ok: false, code: "ERROR_001", message: "Invalid Naming session" });
  });

  test("a naming challenge without its object is not a naming session", () => {
    const broken = { ...detail, challenges_in_session: [{ ...detail.challenges_in_session[0], content: { image_url: null } }] };
    const decoded = Schema.decodeUnknownSync(SessionDetailWire)(Schema.encodeSync(SessionDetailWire)(detail));
    expect(mapNamingSession(decoded).ok).toBe(true);
    expect(mapNamingSession(Schema.decodeUnknownSync(SessionDetailWire)(broken))).toMatchObject({ ok: false, message: "Invalid Naming session" });
  });
});
