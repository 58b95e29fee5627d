import * as Schema from "effect/Schema";
import { describe, expect, test } from "vitest";
import { SessionDetailWire } from "./session-detail-wire.ts";
import { ROW_KIND } from "./attempt-mapping/attempt-row.ts";
import { mapSessionDetail } from "./attempt-mapping/map-session-detail.ts";
import { SESSION_DETAIL_EXAMPLES } from "./attempt-mapping/session-detail-examples.fixtures.ts";
import { editableFieldsFor, editFromRow, PATCHABLE_FIELDS } from "./attempt-edit.ts";
import type { GameType } from "../shared/games/game-type.ts";

const firstRow = (type: GameType) => {
  const result = mapSessionDetail(Schema.decodeUnknownSync(SessionDetailWire)(SESSION_DETAIL_EXAMPLES[type]));
  if (!result.ok) throw new Error(result.message);
  const [row] = result.value.challenges;
  if (row === undefined) throw new Error("missing row");
  return row;
};

const GAME_OF_KIND: Readonly<Record<(typeof ROW_KIND)[keyof typeof ROW_KIND], GameType>> = {
  naming: "naming",
  memory_grid: "memory_grid",
  medication_management_image: "medication_management",
  medication_management_directions: "medication_management",
  social_situations_easy: "social_situations",
  social_situations_open: "social_situations",
  verbal_fluency: "verbal_fluency",
  pill_sorting: "pill_sorting",
  chitchat_ai: "chitchat_ai",
  parrot: "parrot",
};

describe("editable fields", () => {
  test("score is a number from 0 to 1 in tenths and result a correct/incorrect choice", () => {
    const [score, result] = editableFieldsFor("naming");
    expect(score).toEqual({ name: "score", label: "Score", kind: "number", min: 0, max: 1, step: 0.1 });
    expect(result).toMatchObject({ name: "result", label: "Result", kind: "select" });
    expect(result?.kind === "select" && result.options.map((option) => option.value)).toEqual(["correct", "incorrect"]);
  });

  test("parrot and AI chit-chat correct only the result", () => {
    expect(editableFieldsFor("parrot").map((field) => field.name)).toEqual(["result"]);
    expect(editableFieldsFor("chitchat_ai").map((field) => field.name)).toEqual(["result"]);
  });

  test("spoken social answers add the transcription; verbal fluency adds its word lists", () => {
    expect(editableFieldsFor("social_situations_open").map((field) => field.label)).toEqual(["Score", "Result", "Transcription"]);
    expect(editableFieldsFor("social_situations_easy").map((field) => field.label)).toEqual(["Score", "Result"]);
    expect(editableFieldsFor("verbal_fluency").map((field) => field.label)).toEqual(["Score", "Result", "List of words", "Wrong attempts"]);
  });

  test("a form never offers a field its game's PATCH would drop", () => {
    for (const kind of Object.values(ROW_KIND)) {
      const patchable = PATCHABLE_FIELDS[GAME_OF_KIND[kind]];
      expect(editableFieldsFor(kind).every((field) => patchable.includes(field.name))).toBe(true);
    }
  });
});

describe("editFromRow", () => {
  test("the form opens with the current score and result", () => {
    expect(editFromRow(firstRow("naming"))).toEqual({ score: 0, result: "incorrect" });
  });

  test("verbal fluency word lists open comma-separated", () => {
    expect(editFromRow(firstRow("verbal_fluency"))).toEqual({
      score: 0.8,
      result: "correct",
      words: "cat, dog, horse, lion",
      wrongWords: "table",
    });
  });

  test("a spoken social answer opens with its transcription; parrot opens with the result only", () => {
    expect(editFromRow(firstRow("social_situations"))).toMatchObject({ transcription: "Hi! How are you today?" });
    expect(editFromRow(firstRow("parrot"))).toEqual({ result: "correct" });
  });
});
