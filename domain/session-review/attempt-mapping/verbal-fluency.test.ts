import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "../session-detail-wire.ts";
import { attemptCells, attemptColumnHeaders } from "./attempt-table.ts";
import { SESSION_DETAIL_EXAMPLES } from "./session-detail-examples.fixtures.ts";
import { mapVerbalFluencySession, wordListText } from "./verbal-fluency.ts";

const view = (() => {
  const result = mapVerbalFluencySession(Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES.verbal_fluency));
  if (!result.ok) throw new Error(result.message);
  return result.value;
})();

describe("verbal fluency session", () => {
  test("rows carry the indication, the fitting words, the wrong words and the recording", () => {
    expect(view.challenges[0]).toMatchObject({
      kind: "verbal_fluency",
      wordIndication: "Animals",
      wordIndicationKind: "category",
      words: ["cat", "dog", "horse", "lion"],
      wrongWords: ["table"],
      responseAudio: "https://cdn.example.org/audio/5401.m4a",
    });
  });

  test("words count is a verbal-fluency tile and the average is per word", () => {
    expect(view.statistics).toMatchObject({ wordsCount: 7, averageUnit: "word", averageSeconds: 18.6, successRatePercent: null });
  });

  test("a letter reads 'Letter P' and an empty list reads 'None'", () => {
    const row = view.challenges[1];
    if (row === undefined) throw new Error("missing row");
    expect(attemptCells(row).slice(0, 3)).toEqual([
      { display: "text", text: "Letter P" },
      { display: "text", text: "pen, paper, pear" },
      { display: "text", text: "None" },
    ]);
    expect(wordListText(["a", "b"])).toBe("a, b");
  });

  test("the table reads Category, List of words, Wrong attempts, Response audio, then the closing columns", () => {
    expect(attemptColumnHeaders("verbal_fluency").map((column) => column.label)).toEqual([
      "Category", "List of words", "Wrong attempts", "Response audio", "Score", "Result", "SLP Notes", "Actions",
    ]);
  });
});
