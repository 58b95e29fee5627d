import { type AttemptRowKind, ROW_KIND } from "./attempt-mapping/attempt-row.ts";
import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";
import { GAME_TYPE, type GameType } from "../shared/games/game-type.ts";

/** Kinds of input an edit form offers (spec section 3). */
export const FORM_FIELD_KIND = {
  number: "number",
  checkbox: "checkbox",
  text: "text",
  toggle: "toggle",
  select: "select",
} as const;
export type FormFieldKind = (typeof FORM_FIELD_KIND)[keyof typeof FORM_FIELD_KIND];

/** What a reviewer may correct on an attempt. */
export const EDIT_FIELD = {
  score: "score",
  result: "result",
  transcription: "transcription",
  words: "words",
  wrongWords: "wrongWords",
} as const;
export type EditField = (typeof EDIT_FIELD)[keyof typeof EDIT_FIELD];

export const RESULT_VALUE = { correct: "correct", incorrect: "incorrect" } as const;
export type ResultValue = (typeof RESULT_VALUE)[keyof typeof RESULT_VALUE];

export const SCORE_RANGE = { min: 0, max: 1, step: 0.1 } as const;

export type EditFieldDefinition =
  | {
      readonly name: typeof EDIT_FIELD.score;
      readonly label: "Score";
      readonly kind: typeof FORM_FIELD_KIND.number;
      readonly min: number;
      readonly max: number;
      readonly step: number;
    }
  | {
      readonly name: typeof EDIT_FIELD.result;
      readonly label: "Result";
      readonly kind: typeof FORM_FIELD_KIND.select;
      readonly options: ReadonlyArray<{ readonly value: ResultValue; readonly label: string }>;
    }
  | {
      readonly name: typeof EDIT_FIELD.transcription | typeof EDIT_FIELD.words | typeof EDIT_FIELD.wrongWords;
      readonly label: "Transcription" | "List of words" | "Wrong attempts";
      readonly kind: typeof FORM_FIELD_KIND.text;
    };

const SCORE_FIELD: EditFieldDefinition = { name: EDIT_FIELD.score, label: "Score", kind: FORM_FIELD_KIND.number, ...SCORE_RANGE };
const RESULT_FIELD: EditFieldDefinition = {
  name: EDIT_FIELD.result,
  label: "Result",
  kind: FORM_FIELD_KIND.select,
  options: [
    { value: RESULT_VALUE.correct, label: "Correct" },
    { value: RESULT_VALUE.incorrect, label: "Incorrect" },
  ],
};
const TRANSCRIPTION_FIELD: EditFieldDefinition = { name: EDIT_FIELD.transcription, label: "Transcription", kind: FORM_FIELD_KIND.text };
const WORDS_FIELD: EditFieldDefinition = { name: EDIT_FIELD.words, label: "List of words", kind: FORM_FIELD_KIND.text };
const WRONG_WORDS_FIELD: EditFieldDefinition = { name: EDIT_FIELD.wrongWords, label: "Wrong attempts", kind: FORM_FIELD_KIND.text };

const FIELDS_BY_KIND: Readonly<Record<AttemptRowKind, ReadonlyArray<EditFieldDefinition>>> = {
  naming: [SCORE_FIELD, RESULT_FIELD],
  memory_grid: [SCORE_FIELD, RESULT_FIELD],
  medication_management_image: [SCORE_FIELD, RESULT_FIELD],
  medication_management_directions: [SCORE_FIELD, RESULT_FIELD],
  social_situations_easy: [SCORE_FIELD, RESULT_FIELD],
  social_situations_open: [SCORE_FIELD, RESULT_FIELD, TRANSCRIPTION_FIELD],
  verbal_fluency: [SCORE_FIELD, RESULT_FIELD, WORDS_FIELD, WRONG_WORDS_FIELD],
  pill_sorting: [SCORE_FIELD, RESULT_FIELD],
  chitchat_ai: [RESULT_FIELD],
  parrot: [RESULT_FIELD],
};

/** Score (0 to 1 in tenths) and Result are correctable everywhere, except Parrot and AI chit-chat where only Result is; spoken social answers add Transcription and verbal fluency adds its word lists. */
export const editableFieldsFor = (kind: AttemptRowKind): ReadonlyArray<EditFieldDefinition> => FIELDS_BY_KIND[kind];

/** Which corrections the server accepts for a game, whatever presentation its rows had. */
export const PATCHABLE_FIELDS: Readonly<Record<GameType, ReadonlyArray<EditField>>> = {
  [GAME_TYPE.naming]: [EDIT_FIELD.score, EDIT_FIELD.result],
  [GAME_TYPE.memoryGrid]: [EDIT_FIELD.score, EDIT_FIELD.result],
  [GAME_TYPE.medicationManagement]: [EDIT_FIELD.score, EDIT_FIELD.result],
  [GAME_TYPE.socialSituations]: [EDIT_FIELD.score, EDIT_FIELD.result, EDIT_FIELD.transcription],
  [GAME_TYPE.verbalFluency]: [EDIT_FIELD.score, EDIT_FIELD.result, EDIT_FIELD.words, EDIT_FIELD.wrongWords],
  [GAME_TYPE.pillSorting]: [EDIT_FIELD.score, EDIT_FIELD.result],
  [GAME_TYPE.chitchatAi]: [EDIT_FIELD.result],
  [GAME_TYPE.parrot]: [EDIT_FIELD.result],
};

/** A reviewer's corrections as typed in the form; word lists are comma-separated text. */
export type AttemptEdit = {
  readonly score?: number | null;
  readonly result?: ResultValue | null;
  readonly transcription?: string | null;
  readonly words?: string | null;
  readonly wrongWords?: string | null;
};

const resultOf = (isCorrect: boolean | null): ResultValue | null =>
  isCorrect === null ? null : isCorrect ? RESULT_VALUE.correct : RESULT_VALUE.incorrect;

/** The edit form opens with the row's current values, word lists joined by commas. */
export const editFromRow = (row: AttemptRow): AttemptEdit => {
  const shared = { score: row.score, result: resultOf(row.isCorrect) };
  switch (row.kind) {
    case ROW_KIND.socialOpen:
      return { ...shared, transcription: row.transcription };
    case ROW_KIND.verbalFluency:
      return { ...shared, words: row.words.join(", "), wrongWords: row.wrongWords.join(", ") };
    case ROW_KIND.chitchatAi:
    case ROW_KIND.parrot:
      return { result: shared.result };
    default:
      return shared;
  }
};
