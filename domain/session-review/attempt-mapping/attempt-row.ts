import type { AttemptId, AttemptNoteId, NoteTypeId, UserId } from "../../shared/ids.ts";
import type { AttemptNote } from "../attempts-wire.ts";
import type { AttemptWire, ChallengeId, ChallengeWire } from "../session-detail-wire.ts";
import { roundToOneDecimal } from "../../shared/format/round.ts";

/** Which table an attempt row belongs to: one per game, two for games with two presentations. */
export const ROW_KIND = {
  naming: "naming",
  memoryGrid: "memory_grid",
  medicationImage: "medication_management_image",
  medicationDirections: "medication_management_directions",
  socialEasy: "social_situations_easy",
  socialOpen: "social_situations_open",
  verbalFluency: "verbal_fluency",
  pillSorting: "pill_sorting",
  chitchatAi: "chitchat_ai",
  parrot: "parrot",
} as const;
export type AttemptRowKind = (typeof ROW_KIND)[keyof typeof ROW_KIND];

export type NoteAuthorView = {
  readonly id: UserId;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
};

export type AttemptNoteView = {
  readonly id: AttemptNoteId;
  readonly type: { readonly id: NoteTypeId; readonly name: string; readonly color: string; readonly sortOrder: number };
  readonly note: string;
  readonly createdBy: NoteAuthorView;
  readonly createdAt: string;
  readonly lastEditedBy: NoteAuthorView | null;
  readonly updatedAt: string;
  /** The note's version: an edit names it, so a note someone changed meanwhile is not overwritten. */
  readonly version: number;
};

/** Who last corrected an attempt and when, with what the machine had recorded before the first correction. */
export type AttemptCorrectionView = {
  readonly correctedBy: NoteAuthorView;
  readonly correctedAt: string;
  readonly original: {
    readonly score: number | null;
    readonly isCorrect: boolean | null;
    readonly transcription: string | null;
    readonly words: ReadonlyArray<string> | null;
    readonly wrongWords: ReadonlyArray<string> | null;
  };
};

/** What every attempt row carries, whatever the game; rows of one challenge share a groupIdentifier. */
export type AttemptRowBase = {
  readonly id: AttemptId;
  readonly isEditable: boolean;
  readonly isCorrect: boolean | null;
  readonly score: number | null;
  readonly groupIdentifier: ChallengeId;
  readonly notes: ReadonlyArray<AttemptNoteView>;
  /** Null until a reviewer corrects the attempt (and from servers that do not say). */
  readonly correction: AttemptCorrectionView | null;
  /** The attempt's version: a correction names it, so one someone changed meanwhile is not overwritten. */
  readonly version: number;
};

const author = (wire: AttemptNote["created_by"]): NoteAuthorView => ({
  id: wire.id,
  firstName: wire.first_name,
  lastName: wire.last_name,
  email: wire.email,
});

/** SLP notes are shown in the order they were written, with who wrote and last edited each. */
export const toNoteView = (wire: AttemptNote): AttemptNoteView => ({
  id: wire.id,
  type: { id: wire.type.id, name: wire.type.name, color: wire.type.color, sortOrder: wire.type.sort_order },
  note: wire.note,
  createdBy: author(wire.created_by),
  createdAt: wire.created_at,
  lastEditedBy: wire.last_edited_by === null ? null : author(wire.last_edited_by),
  updatedAt: wire.updated_at,
  version: wire.version,
});

const correctionOf = (attempt: AttemptWire): AttemptCorrectionView | null => {
  const correction = attempt.correction;
  if (correction === undefined || correction === null) return null;
  const original = correction.original;
  return {
    correctedBy: author(correction.corrected_by),
    correctedAt: correction.corrected_at,
    original: {
      score: original.score === null ? null : roundToOneDecimal(original.score),
      isCorrect: original.is_correct,
      transcription: original.transcription,
      words: original.correct_words,
      wrongWords: original.wrong_words,
    },
  };
};

/** Corrections are allowed only on rows the server flags editable; the score is shown to one decimal. */
export const toBaseRow = (challenge: ChallengeWire, attempt: AttemptWire): AttemptRowBase => ({
  id: attempt.id,
  isEditable: attempt.is_editable,
  isCorrect: attempt.score_details.is_correct,
  score: attempt.score === null ? null : roundToOneDecimal(attempt.score),
  groupIdentifier: challenge.id,
  notes: attempt.notes.map(toNoteView),
  correction: correctionOf(attempt),
  version: attempt.version,
});
