import { catalogueMessage } from "../shared/error-catalogue.ts";
import type { Failure } from "../shared/result.ts";
import { fitsTextLimit, textTooLongMessage as tooLongMessage } from "../shared/validators/text-length.ts";
import { parseNumberInput } from "../shared/validators/number-input.ts";
import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";
import { type AttemptEdit, EDIT_FIELD, type EditField, editFromRow, editableFieldsFor, RESULT_VALUE, type ResultValue } from "./attempt-edit.ts";
import { joinWordList, SCORE_RULE_MESSAGE, splitWordList, validateAttemptScore } from "./attempt-edit-validation.ts";
import { type AttemptPatchWire, toAttemptPatch } from "./attempt-patch.ts";

/** The edit form's text, field by field, exactly as typed; only the fields the row's kind offers are present. */
export type AttemptDraft = Readonly<Partial<Record<EditField, string>>>;

/** What to show under each field that cannot be saved as typed. */
export type DraftFieldErrors = Readonly<Partial<Record<EditField, string>>>;

/** A save either sends the corrected fields (null: nothing changed, nothing to send) or names what to fix. */
export type DraftOutcome =
  | { readonly ok: true; readonly patch: AttemptPatchWire | null }
  | {
      readonly ok: false;
      readonly fieldErrors: DraftFieldErrors;
      /** A problem that belongs to no field (a game type the portal does not know). */
      readonly failure?: Failure;
    };

/** The fields typed as free text (word lists included). */
export type TextEditField = typeof EDIT_FIELD.transcription | typeof EDIT_FIELD.words | typeof EDIT_FIELD.wrongWords;

const TEXT_FIELD_NAMES: Readonly<Record<TextEditField, string>> = {
  transcription: "The transcription",
  words: "The list of words",
  wrongWords: "The list of wrong attempts",
};

/** A corrected text holds at most 1000 characters, as the pattern text does (spec section 5). */
export const textTooLongMessage = (field: TextEditField): string => tooLongMessage(TEXT_FIELD_NAMES[field]);

/** The form opens with the row's values: the score to one decimal ("" when unscored), the result's choice ("" when unset), word lists comma-separated. */
export const draftFromRow = (row: AttemptRow): AttemptDraft => {
  const edit = editFromRow(row);
  const text = (field: EditField): string => {
    const value = edit[field];
    return value === null || value === undefined ? "" : String(value);
  };
  return Object.fromEntries(editableFieldsFor(row.kind).map(({ name }) => [name, text(name)]));
};

type Reading<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly message: string };

const readScore = (text: string): Reading<number> => {
  if (text.trim() === "") return { ok: false, message: catalogueMessage("ERROR_003", { field_name: "score" }) };
  const checked = validateAttemptScore(parseNumberInput(text));
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, message: SCORE_RULE_MESSAGE };
};

const readResult = (text: string): Reading<ResultValue> => {
  if (text === RESULT_VALUE.correct || text === RESULT_VALUE.incorrect) return { ok: true, value: text };
  if (text === "") return { ok: false, message: catalogueMessage("ERROR_003", { field_name: "result" }) };
  return { ok: false, message: catalogueMessage("ERROR_052") };
};

const savedText = (field: TextEditField, text: string): string =>
  field === EDIT_FIELD.transcription ? text.trim() : joinWordList(splitWordList(text));

const readText = (field: TextEditField, text: string): Reading<string> =>
  fitsTextLimit(savedText(field, text)) ? { ok: true, value: text } : { ok: false, message: textTooLongMessage(field) };

// A field compared as the server would store it, so "0.50" and "0.5", or "cat,dog" and
// "cat, dog", are the same: retyping a value in another spelling is no correction.
const comparable = (field: EditField, text: string): string => {
  if (field === EDIT_FIELD.score) {
    const score = parseNumberInput(text);
    return text.trim() === "" ? "" : score === null ? `typed:${text}` : String(score);
  }
  return field === EDIT_FIELD.result ? text : savedText(field, text);
};

/** Two spellings of a field are the same correction when the server would store them alike ("0.50" is "0.5"). */
export const sameDraftText = (field: EditField, a: string, b: string): boolean => comparable(field, a) === comparable(field, b);

/**
 * A save checks every field the row's kind offers and sends only what the reviewer changed: the
 * score on the 0–1 tenths scale, a correct/incorrect result, texts of at most 1000 characters,
 * word lists split and trimmed. A field left as it opened is not judged, since the server
 * already holds it and it is not sent; an unchanged draft sends nothing.
 */
export const draftToPatch = (gameType: string, row: AttemptRow, draft: AttemptDraft): DraftOutcome => {
  const opened = draftFromRow(row);
  const fieldErrors: Partial<Record<EditField, string>> = {};
  const edit: { -readonly [F in keyof AttemptEdit]: AttemptEdit[F] } = {};
  const take = <A>(reading: Reading<A>, field: EditField, keep: (value: A) => void): void => {
    if (reading.ok) keep(reading.value);
    else fieldErrors[field] = reading.message;
  };
  for (const { name } of editableFieldsFor(row.kind)) {
    const before = opened[name] ?? "";
    const text = draft[name] ?? before;
    if (comparable(name, text) === comparable(name, before)) continue;
    if (name === EDIT_FIELD.score) take(readScore(text), name, (score) => (edit.score = score));
    else if (name === EDIT_FIELD.result) take(readResult(text), name, (result) => (edit.result = result));
    else take(readText(name, text), name, (value) => (edit[name] = value));
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (Object.keys(edit).length === 0) return { ok: true, patch: null };
  const patch = toAttemptPatch(gameType, edit);
  if (!patch.ok) return { ok: false, fieldErrors: {}, failure: patch };
  return { ok: true, patch: Object.keys(patch.value).length === 0 ? null : patch.value };
};
