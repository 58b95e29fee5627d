import type { AttemptId } from "../../shared/ids.ts";
import { formatDuration } from "../../shared/format/duration.ts";
import { NOT_AVAILABLE } from "../../shared/format/percentage.ts";
import { roundToOneDecimal } from "../../shared/format/round.ts";
import type { AttemptNoteView, AttemptRowBase } from "./attempt-row.ts";

/** How a result cell is shown (spec section 3). */
export const RESULT_DISPLAY = {
  audio: "audio",
  image: "image",
  text: "text",
  imageDialog: "image-dialog",
  boolean: "boolean",
  slpNotes: "slp-notes",
} as const;
export type ResultDisplay = (typeof RESULT_DISPLAY)[keyof typeof RESULT_DISPLAY];
/** The last column holds the row's edit control rather than a result. */
export const ACTIONS_DISPLAY = "actions";
export type ColumnDisplay = ResultDisplay | typeof ACTIONS_DISPLAY;

export type AttemptCell =
  | { readonly display: "text"; readonly text: string }
  | { readonly display: "audio"; readonly url: string | null }
  | { readonly display: "image" | "image-dialog"; readonly url: string | null; readonly alt: string }
  | { readonly display: "boolean"; readonly value: boolean | null }
  | { readonly display: "slp-notes"; readonly attemptId: AttemptId; readonly notes: ReadonlyArray<AttemptNoteView> }
  | { readonly display: "actions"; readonly attemptId: AttemptId; readonly editable: boolean };

export type ColumnHeader = { readonly id: string; readonly label: string; readonly display: ColumnDisplay };
export type AttemptColumn<Row> = ColumnHeader & { readonly cell: (row: Row) => AttemptCell };

/** A missing or blank value reads 'Not available' rather than an empty cell. */
export const textOrNotAvailable = (value: string | null | undefined): string =>
  value === null || value === undefined || value.trim() === "" ? NOT_AVAILABLE : value;

/** Counts and scores are shown to one decimal; a missing one reads 'Not available'. */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : String(roundToOneDecimal(value));

/** Times are read in words ('1 minute 5 seconds'); a missing time reads 'Not available'. */
export const durationText = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined ? NOT_AVAILABLE : formatDuration(seconds);

export const textColumn = <Row>(id: string, label: string, text: (row: Row) => string): AttemptColumn<Row> => ({
  id,
  label,
  display: RESULT_DISPLAY.text,
  cell: (row) => ({ display: RESULT_DISPLAY.text, text: text(row) }),
});

export const audioColumn = <Row>(id: string, label: string, url: (row: Row) => string | null): AttemptColumn<Row> => ({
  id,
  label,
  display: RESULT_DISPLAY.audio,
  cell: (row) => ({ display: RESULT_DISPLAY.audio, url: url(row) }),
});

export const imageDialogColumn = <Row>(
  id: string,
  label: string,
  url: (row: Row) => string | null,
  alt: (row: Row) => string,
): AttemptColumn<Row> => ({
  id,
  label,
  display: RESULT_DISPLAY.imageDialog,
  cell: (row) => ({ display: RESULT_DISPLAY.imageDialog, url: url(row), alt: alt(row) }),
});

/** Every table ends with the score, the correct/incorrect result, the SLP notes and the edit action. */
export const closingColumns = <Row extends AttemptRowBase>(): ReadonlyArray<AttemptColumn<Row>> => [
  textColumn<Row>("score", "Score", (row) => numberText(row.score)),
  {
    id: "isCorrect",
    label: "Result",
    display: RESULT_DISPLAY.boolean,
    cell: (row) => ({ display: RESULT_DISPLAY.boolean, value: row.isCorrect }),
  },
  {
    id: "notes",
    label: "SLP Notes",
    display: RESULT_DISPLAY.slpNotes,
    cell: (row) => ({ display: RESULT_DISPLAY.slpNotes, attemptId: row.id, notes: row.notes }),
  },
  {
    id: "actions",
    label: "Actions",
    display: ACTIONS_DISPLAY,
    cell: (row) => ({ display: ACTIONS_DISPLAY, attemptId: row.id, editable: row.isEditable }),
  },
];
