import * as Schema from "effect/Schema";
import { describe, expect } from "vitest";
import { fc, test } from "@fast-check/vitest";
import { catalogueMessage } from "../shared/error-catalogue.ts";
import { GAME_TYPES, type GameType } from "../shared/games/game-type.ts";
import { type AttemptDraft, draftFromRow, draftToPatch, textTooLongMessage } from "./attempt-draft.ts";
import { EDIT_FIELD, type EditField, editableFieldsFor, PATCHABLE_FIELDS } from "./attempt-edit.ts";
import { SCORE_RULE_MESSAGE } from "./attempt-edit-validation.ts";
import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";
import { AttemptPatchWire } from "./attempt-patch.ts";
import { exampleRow, exampleRows } from "./example-rows.test-helper.ts";

const naming = exampleRow("naming", 5001, "naming");
const social = exampleRow("social_situations", 5301, "social_situations_open");
const fluency = exampleRow("verbal_fluency", 5401, "verbal_fluency");
const parrot = exampleRow("parrot", 5701, "parrot");
const chitchat = exampleRow("chitchat_ai", 5601, "chitchat_ai");

/** The row's own draft with some fields retyped. */
const retyped = (row: AttemptRow, changes: AttemptDraft): AttemptDraft => ({ ...draftFromRow(row), ...changes });

describe("draftFromRow", () => {
  test("the form opens with the score to one decimal and the result's choice", () => {
    expect(draftFromRow(naming)).toEqual({ score: "0", result: "incorrect" });
    expect(draftFromRow(exampleRow("pill_sorting", 5501, "pill_sorting"))).toEqual({ score: "0.5", result: "incorrect" });
  });

  test("an unscored attempt opens with an empty score, an unjudged one with no result", () => {
    expect(draftFromRow({ ...naming, score: null, isCorrect: null })).toEqual({ score: "", result: "" });
  });

  test("spoken social answers add the transcription; verbal fluency its word lists, comma-separated", () => {
    expect(draftFromRow(social)).toEqual({ score: "0.9", result: "correct", transcription: "Hi! How are you today?" });
    expect(draftFromRow({ ...social, transcription: null })).toMatchObject({ transcription: "" });
    expect(draftFromRow(fluency)).toEqual({ score: "0.8", result: "correct", words: "cat, dog, horse, lion", wrongWords: "table" });
  });

  test("parrot and AI chit-chat open with the result only", () => {
    expect(draftFromRow(parrot)).toEqual({ result: "correct" });
    expect(draftFromRow(chitchat)).toEqual({ result: "correct" });
  });
});

describe("draftToPatch", () => {
  test("an unchanged draft sends nothing", () => {
    expect(draftToPatch("naming", naming, draftFromRow(naming))).toEqual({ ok: true, patch: null });
  });

  test("a value retyped in another spelling is no correction", () => {
    expect(draftToPatch("verbal_fluency", fluency, retyped(fluency, { score: "0.80", words: "cat,dog ,horse,, lion " }))).toEqual({
      ok: true,
      patch: null,
    });
  });

  test("only the changed fields are sent", () => {
    expect(draftToPatch("naming", naming, retyped(naming, { score: "0.7" }))).toEqual({ ok: true, patch: { score: 0.7 } });
    expect(draftToPatch("naming", naming, retyped(naming, { result: "correct" }))).toEqual({
      ok: true,
      patch: { score_details: { is_correct: true } },
    });
  });

  test("a corrected transcription is sent trimmed, with nothing else", () => {
    expect(draftToPatch("social_situations", social, retyped(social, { transcription: "  Hello there  " }))).toEqual({
      ok: true,
      patch: { score_details: { transcription: "Hello there" } },
    });
  });

  test("verbal fluency word lists are split, trimmed and blanks dropped; only the changed list is sent", () => {
    expect(draftToPatch("verbal_fluency", fluency, retyped(fluency, { wrongWords: " table , chair,, " }))).toEqual({
      ok: true,
      patch: { attempt_data: { spoken_words: { wrong_words: ["table", "chair"] } } },
    });
    expect(draftToPatch("verbal_fluency", fluency, retyped(fluency, { words: "" }))).toEqual({
      ok: true,
      patch: { attempt_data: { spoken_words: { correct_words: [] } } },
    });
  });

  test("parrot sends only the result, whatever else the draft holds", () => {
    expect(draftToPatch("parrot", parrot, { result: "incorrect", score: "0.2" })).toEqual({
      ok: true,
      patch: { score_details: { is_correct: false } },
    });
  });

  test.each(["1.1", "-0.1", "0.35", "abc", "1e0", "0,5"])("a score typed %j is refused with the scale rule", (score) => {
    expect(draftToPatch("naming", naming, retyped(naming, { score }))).toEqual({ ok: false, fieldErrors: { score: SCORE_RULE_MESSAGE } });
  });

  test("clearing the score of a scored attempt asks for one; an unscored attempt may stay unscored", () => {
    const required = catalogueMessage("ERROR_003", { field_name: "score" });
    expect(required).toBe("The score is required");
    expect(draftToPatch("naming", naming, retyped(naming, { score: " " }))).toEqual({ ok: false, fieldErrors: { score: required } });
    const unscored = { ...naming, score: null };
    expect(draftToPatch("naming", unscored, retyped(unscored, { score: "  " }))).toEqual({ ok: true, patch: null });
    expect(draftToPatch("naming", unscored, retyped(unscored, { score: ".5" }))).toEqual({ ok: true, patch: { score: 0.5 } });
  });

  test("the result is correct or incorrect", () => {
    expect(draftToPatch("naming", naming, retyped(naming, { result: "maybe" }))).toEqual({
      ok: false,
      fieldErrors: { result: catalogueMessage("ERROR_052") },
    });
    expect(draftToPatch("naming", naming, retyped(naming, { result: "" }))).toEqual({
      ok: false,
      fieldErrors: { result: "The result is required" },
    });
  });

  test("texts hold at most 1000 characters as saved, counted as a person counts them", () => {
    const atLimit = "é".repeat(1000);
    expect(draftToPatch("social_situations", social, retyped(social, { transcription: `  ${atLimit}  ` }))).toEqual({
      ok: true,
      patch: { score_details: { transcription: atLimit } },
    });
    expect(draftToPatch("social_situations", social, retyped(social, { transcription: `${atLimit}x` }))).toEqual({
      ok: false,
      fieldErrors: { transcription: textTooLongMessage("transcription") },
    });
    expect(textTooLongMessage("words")).toBe("The list of words must be at most 1000 characters");
  });

  test("every field to fix is named at once", () => {
    expect(draftToPatch("verbal_fluency", fluency, retyped(fluency, { score: "2", result: "yes", wrongWords: "w, ".repeat(400) }))).toEqual({
      ok: false,
      fieldErrors: { score: SCORE_RULE_MESSAGE, result: catalogueMessage("ERROR_052"), wrongWords: textTooLongMessage("wrongWords") },
    });
  });

  test("a field the row's kind does not offer is ignored", () => {
    expect(draftToPatch("chitchat_ai", chitchat, { result: "correct", score: "nonsense" })).toEqual({ ok: true, patch: null });
  });

  test("a game the portal does not know cannot be corrected", () => {
    expect(draftToPatch("chess", naming, retyped(naming, { score: "0.5" }))).toEqual({
      ok: false,
      fieldErrors: {},
      failure: { ok: false, code: "ERROR_001", message: "Unsupported game type" },
    });
  });
});

describe("draftToPatch properties", () => {
  const GAME_OF_ROWS = GAME_TYPES.flatMap((game) => exampleRows(game).map((row) => ({ game, row })));
  const tenth = fc.integer({ min: 0, max: 10 }).map((n) => n / 10);

  // Example rows with their judged values varied, as any session may hold them.
  const anyRow = fc
    .record({
      base: fc.constantFrom(...GAME_OF_ROWS),
      score: fc.option(fc.oneof(tenth, fc.double({ noNaN: true, noDefaultInfinity: true })), { nil: null }),
      isCorrect: fc.option(fc.boolean(), { nil: null }),
      transcription: fc.option(fc.string(), { nil: null }),
      words: fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
      wrongWords: fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
    })
    .map(({ base, ...values }): { game: GameType; row: AttemptRow } => {
      const row = { ...base.row, score: values.score, isCorrect: values.isCorrect };
      if (row.kind === "social_situations_open") return { game: base.game, row: { ...row, transcription: values.transcription } };
      if (row.kind === "verbal_fluency") return { game: base.game, row: { ...row, words: values.words, wrongWords: values.wrongWords } };
      return { game: base.game, row };
    });

  const typed = fc.oneof(
    fc.constantFrom("", " ", "0", "0.5", "0.50", ".3", "1", "1.0", "1.1", "-0.1", "abc", "correct", "incorrect", "maybe", " cat ,, dog ", "x".repeat(1001)),
    fc.string(),
  );
  // Mostly what a reviewer would type in each field, sometimes anything at all.
  const wordList = fc.array(fc.constantFrom("cat", " dog ", "", " ", "pear", "é"), { maxLength: 5 }).map((words) => words.join(","));
  const draft = fc.record(
    {
      score: fc.oneof({ arbitrary: tenth.map(String), weight: 4 }, { arbitrary: fc.constantFrom("0.50", ".3", "1.0"), weight: 1 }, { arbitrary: typed, weight: 1 }),
      result: fc.oneof({ arbitrary: fc.constantFrom("correct", "incorrect"), weight: 5 }, { arbitrary: typed, weight: 1 }),
      transcription: fc.oneof({ arbitrary: fc.string(), weight: 4 }, { arbitrary: typed, weight: 1 }),
      words: fc.oneof({ arbitrary: wordList, weight: 4 }, { arbitrary: typed, weight: 1 }),
      wrongWords: fc.oneof({ arbitrary: wordList, weight: 4 }, { arbitrary: typed, weight: 1 }),
    },
    { requiredKeys: [] },
  );

  const isEditField = (key: string): key is EditField => Object.values(EDIT_FIELD).some((field) => field === key);

  /** Which form fields a patch carries. */
  const fieldsIn = (patch: AttemptPatchWire): EditField[] => [
    ...(patch.score === undefined ? [] : [EDIT_FIELD.score]),
    ...(patch.score_details?.is_correct === undefined ? [] : [EDIT_FIELD.result]),
    ...(patch.score_details?.transcription === undefined ? [] : [EDIT_FIELD.transcription]),
    ...(patch.attempt_data?.spoken_words.correct_words === undefined ? [] : [EDIT_FIELD.words]),
    ...(patch.attempt_data?.spoken_words.wrong_words === undefined ? [] : [EDIT_FIELD.wrongWords]),
  ];

  test.prop([anyRow, fc.constantFrom(...GAME_TYPES, "chess")])("the row's own draft sends nothing, for any game", ({ game, row }, otherGame) => {
    expect(draftToPatch(game, row, draftFromRow(row))).toEqual({ ok: true, patch: null });
    expect(draftToPatch(otherGame, row, draftFromRow(row))).toMatchObject({ ok: true, patch: null });
  });

  test.prop([anyRow, fc.constantFrom(...GAME_TYPES), draft])(
    "an accepted patch decodes as the PATCH body, carries only changed fields its game accepts, and trimmed words",
    ({ row }, game, typedDraft) => {
      const outcome = draftToPatch(game, row, typedDraft);
      if (!outcome.ok || outcome.patch === null) return;
      const { patch } = outcome;
      expect(Schema.decodeUnknownSync(AttemptPatchWire)(patch)).toEqual(patch);
      const opened = draftFromRow(row);
      for (const field of fieldsIn(patch)) {
        expect(PATCHABLE_FIELDS[game]).toContain(field);
        expect(typedDraft[field]).not.toBe(opened[field]);
      }
      const spoken = patch.attempt_data?.spoken_words;
      for (const word of [...(spoken?.correct_words ?? []), ...(spoken?.wrong_words ?? [])]) {
        expect(word).toBe(word.trim());
        expect(word).not.toBe("");
      }
    },
  );

  test.prop([anyRow, draft])("errors name only fields the row offers and the reviewer changed", ({ game, row }, typedDraft) => {
    const outcome = draftToPatch(game, row, typedDraft);
    if (outcome.ok) return;
    const offered = editableFieldsFor(row.kind).map((field) => field.name);
    const opened = draftFromRow(row);
    const named = Object.keys(outcome.fieldErrors).filter(isEditField);
    expect(named.length).toBeGreaterThan(0);
    for (const field of named) {
      expect(offered).toContain(field);
      expect(typedDraft[field]).not.toBe(opened[field]);
    }
  });

  test.prop([anyRow, tenth, fc.constantFrom("correct" as const, "incorrect" as const)])(
    "a valid score and result on the row's own game are sent as typed",
    ({ game, row }, score, result) => {
      const outcome = draftToPatch(game, row, retyped(row, { score: String(score), result }));
      expect(outcome.ok).toBe(true);
      if (!outcome.ok || outcome.patch === null) return;
      if (outcome.patch.score !== undefined) expect(outcome.patch.score).toBe(score);
      if (outcome.patch.score_details?.is_correct !== undefined) expect(outcome.patch.score_details.is_correct).toBe(result === "correct");
    },
  );
});
