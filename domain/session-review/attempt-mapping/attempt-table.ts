import { CHITCHAT_AI_COLUMNS } from "./chitchat-ai.ts";
import type { AttemptCell, ColumnHeader } from "./attempt-columns.ts";
import { type AttemptRowKind, ROW_KIND } from "./attempt-row.ts";
import type { AttemptRow } from "./map-session-detail.ts";
import { MEDICATION_DIRECTIONS_COLUMNS, MEDICATION_IMAGE_COLUMNS } from "./medication-management.ts";
import { MEMORY_GRID_COLUMNS } from "./memory-grid.ts";
import { NAMING_COLUMNS } from "./naming.ts";
import { PARROT_COLUMNS } from "./parrot.ts";
import { PILL_SORTING_COLUMNS } from "./pill-sorting.ts";
import { SOCIAL_EASY_COLUMNS, SOCIAL_OPEN_COLUMNS } from "./social-situations.ts";
import { VERBAL_FLUENCY_COLUMNS } from "./verbal-fluency.ts";

const HEADERS: Readonly<Record<AttemptRowKind, ReadonlyArray<ColumnHeader>>> = {
  naming: NAMING_COLUMNS,
  memory_grid: MEMORY_GRID_COLUMNS,
  medication_management_image: MEDICATION_IMAGE_COLUMNS,
  medication_management_directions: MEDICATION_DIRECTIONS_COLUMNS,
  social_situations_easy: SOCIAL_EASY_COLUMNS,
  social_situations_open: SOCIAL_OPEN_COLUMNS,
  verbal_fluency: VERBAL_FLUENCY_COLUMNS,
  pill_sorting: PILL_SORTING_COLUMNS,
  chitchat_ai: CHITCHAT_AI_COLUMNS,
  parrot: PARROT_COLUMNS,
};

/** The column headings of an attempt table: the game's own columns, then Score, Result, SLP Notes and Actions. */
export const attemptColumnHeaders = (kind: AttemptRowKind): ReadonlyArray<ColumnHeader> => HEADERS[kind];

/** The cells of one attempt row, in the order of its table's column headings. */
export const attemptCells = (row: AttemptRow): ReadonlyArray<AttemptCell> => {
  switch (row.kind) {
    case ROW_KIND.naming:
      return NAMING_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.memoryGrid:
      return MEMORY_GRID_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.medicationImage:
      return MEDICATION_IMAGE_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.medicationDirections:
      return MEDICATION_DIRECTIONS_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.socialEasy:
      return SOCIAL_EASY_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.socialOpen:
      return SOCIAL_OPEN_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.verbalFluency:
      return VERBAL_FLUENCY_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.pillSorting:
      return PILL_SORTING_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.chitchatAi:
      return CHITCHAT_AI_COLUMNS.map((column) => column.cell(row));
    case ROW_KIND.parrot:
      return PARROT_COLUMNS.map((column) => column.cell(row));
  }
};

/** Rows of one table kind, in session order, so a session mixing presentations shows one table per kind. */
export const groupRowsByKind = (
  rows: ReadonlyArray<AttemptRow>,
): ReadonlyArray<{ readonly kind: AttemptRowKind; readonly rows: ReadonlyArray<AttemptRow> }> => {
  const kinds = [...new Set(rows.map((row) => row.kind))];
  return kinds.map((kind) => ({ kind, rows: rows.filter((row) => row.kind === kind) }));
};
