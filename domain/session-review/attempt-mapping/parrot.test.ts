import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { mapParrotSession } from "./parrot.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";

const view = (() => {
  const result = mapParrotSession(Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.parrot));
  if (!result.ok) throw new Error(result.message);
  return result.value;
})();

describe("parrot session", () => {
  test("a session still in progress says so", () => {
    expect(view.isActive).toBe(true);
  });

  test("rows carry the phrase, time, what was said, the recording and hints", () => {
    expect(view.challenges[1]).toMatchObject({
      kind: "parrot",
      object: "butterfly",
      timeSeconds: 5.1,
      transcription: "butter",
      responseAudio: "https://cdn.example.org/audio/5702.m4a",
      hintsUsed: 1,
      score: 0.5,
      isCorrect: false,
      groupIdentifier: 9002,
    });
  });

  test("the table reads Object, Time, Transcription, Response audio, Hints used, then the closing columns", () => {
    expect(attemptColumnHeaders("parrot").map((column) => column.label)).toEqual([
      "Object", "Time", "Transcription", "Response audio", "Hints used", "Score", "Result", "SLP Notes", "Actions",
    ]);
    const row = view.challenges[0];
    if (row === undefined) throw new Error("missing row");
    expect(attemptCells(row).slice(0, 4)).toEqual([
      { display: "text", text: "Good morning" },
      { display: "text", text: "3.4 seconds" },
      { display: "text", text: "good morning" },
      { display: "audio", url: "https://cdn.example.org/audio/5701.m4a" },
    ]);
  });
});
