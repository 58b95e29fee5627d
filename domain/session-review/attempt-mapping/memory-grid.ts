import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import { MAX_TEXT_LENGTH } from "../../shared/validators/text-length.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import { type AttemptColumn, closingColumns, durationText, numberText, textColumn } from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** Colours of a memory-grid cell; the wire sends their codes 0 blue, 1 green, 2 red, 3 yellow. */
export const PATTERN_COLOUR = { blue: "blue", green: "green", red: "red", yellow: "yellow" } as const;
export type PatternColour = (typeof PATTERN_COLOUR)[keyof typeof PATTERN_COLOUR];
const COLOUR_BY_CODE = [PATTERN_COLOUR.blue, PATTERN_COLOUR.green, PATTERN_COLOUR.red, PATTERN_COLOUR.yellow] as const;

/** The pattern to remember, row by row; null is a cell left empty. Memory-grid attempts carry no attempt_data. */
export const MemoryGridContent = Schema.Struct({
  pattern: Schema.Array(Schema.Array(Schema.NullOr(Schema.Literals([0, 1, 2, 3])))),
});

export type PatternGrid = ReadonlyArray<ReadonlyArray<PatternColour | null>>;

export type MemoryGridRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.memoryGrid;
  readonly pattern: PatternGrid;
  readonly timeSeconds: number | null;
  readonly hints: number | null;
  readonly attempts: number;
};

/** A pattern reads row by row, cells by colour name, e.g. 'blue, empty, red / empty, green, empty', cut at 1000 characters. */
export const patternText = (pattern: PatternGrid): string => {
  const text = pattern.map((row) => row.map((cell) => cell ?? "empty").join(", ")).join(" / ");
  return text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH - 1)}…` : text;
};

const rowsOf: RowsOfChallenge<MemoryGridRow> = (challenge) => {
  const content = decodePart(MemoryGridContent, challenge.content);
  if (content === undefined) return undefined;
  const pattern = content.pattern.map((row) => row.map((code) => (code === null ? null : COLOUR_BY_CODE[code])));
  return mapAll(challenge.attempts, (attempt) => ({
    ...toBaseRow(challenge, attempt),
    kind: ROW_KIND.memoryGrid,
    pattern,
    timeSeconds: attempt.time_seconds,
    hints: attempt.hints_used,
    attempts: attempt.attempt_number,
  }));
};

/** A memory-grid row shows the pattern to remember, the time taken, hints used and which attempt it was. */
export const mapMemoryGridSession = (detail: SessionDetailWire): Result<SessionView<MemoryGridRow>> =>
  mapSessionOf(GAME_TYPE.memoryGrid, rowsOf, detail);

export const MEMORY_GRID_COLUMNS: ReadonlyArray<AttemptColumn<MemoryGridRow>> = [
  textColumn<MemoryGridRow>("pattern", "Pattern", (row) => patternText(row.pattern)),
  textColumn<MemoryGridRow>("timeSeconds", "Time", (row) => durationText(row.timeSeconds)),
  textColumn<MemoryGridRow>("hints", "Hint", (row) => numberText(row.hints)),
  textColumn<MemoryGridRow>("attempts", "Attempts", (row) => String(row.attempts)),
  ...closingColumns<MemoryGridRow>(),
];
