import { formatDateTime } from "../shared/format/date.ts";
import { difficultyLabel } from "../shared/format/difficulty-label.ts";
import { formatDuration } from "../shared/format/duration.ts";
import { NOT_SPECIFIED, fullNameOrNotSpecified } from "../shared/format/names.ts";
import { NOT_AVAILABLE, formatPercentage } from "../shared/format/percentage.ts";
import { isGameType } from "../shared/games/game-type.ts";
import { effectiveDifficulty } from "./attempt-mapping/session-view.ts";
import type { AttemptWire, SessionDetailWire } from "./session-detail-wire.ts";
import { sessionTotals } from "./session-totals.ts";

/**
 * The daily session note an SLP pastes into the EMR (issue 37, docs/session-note.md): plain text,
 * one fact a line, the same words and roundings as the session page, so the note and the screen
 * never disagree. Nothing here reads a clock: the date is the session's own start.
 */

/** What the machine had scored before the first correction, else what the attempt holds. */
const asScoredByTheGame = (attempt: AttemptWire) => {
  const original = attempt.correction?.original ?? null;
  return original === null
    ? { score: attempt.score, isCorrect: attempt.score_details.is_correct }
    : { score: original.score, isCorrect: original.is_correct };
};

const correctedAttempts = (detail: SessionDetailWire): number =>
  detail.challenges_in_session.reduce((count, challenge) => count + challenge.attempts.filter((attempt) => (attempt.correction ?? null) !== null).length, 0);

/**
 * Accuracy as the game scored the session, before any SLP correction: the share of scored attempts
 * the game judged correct (the totals rule of session-totals.ts on each attempt's original). With
 * nothing corrected it is the session's stored figure, the one the page shows.
 */
export const accuracyBeforeCorrection = (detail: SessionDetailWire): number | null => {
  if (correctedAttempts(detail) === 0) return detail.accuracy_percentage;
  const attempts = detail.challenges_in_session.flatMap((challenge) =>
    challenge.attempts.map((attempt) => ({ challengeId: challenge.id, attemptData: attempt.attempt_data, ...asScoredByTheGame(attempt) })),
  );
  return sessionTotals(detail.game_info.type, detail.challenges_in_session.map((challenge) => challenge.id), attempts).accuracyPercentage;
};

// A note typed over several lines stays one bullet in the EMR: its line breaks become spaces.
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Each SLP note as "Item 2, attempt 1 (Observation): text", in play order. */
const noteLines = (detail: SessionDetailWire): string[] =>
  [...detail.challenges_in_session]
    .sort((a, b) => a.order - b.order)
    .flatMap((challenge, index) =>
      challenge.attempts.flatMap((attempt) =>
        attempt.notes.map((note) => `- Item ${index + 1}, attempt ${attempt.attempt_number} (${oneLine(note.type.name)}): ${oneLine(note.note)}`),
      ),
    );

const levelText = (detail: SessionDetailWire): string =>
  difficultyLabel(isGameType(detail.game_info.type) ? effectiveDifficulty(detail.game_info.type, detail.difficulty) : detail.difficulty);

/** The words "3 attempts corrected" beside the corrected accuracy; nothing when none was. */
const correctedText = (count: number): string => (count === 0 ? " (no attempt corrected)" : count === 1 ? " (1 attempt corrected)" : ` (${count} attempts corrected)`);

/**
 * The plain-text note of a reviewed session for the EMR: patient, date, game and level, accuracy as
 * the game scored it and after the SLP's corrections, time spent, every SLP note, and who reviewed
 * it. The patient's name is the page's (null while unknown: 'Not specified'). A missing figure reads 'Not available', never a blank or a number that is not one.
 */
export const sessionNoteText = (detail: SessionDetailWire, patientName: string | null): string => {
  const notes = noteLines(detail);
  const review = detail.review ?? null;
  return [
    `Session note: ${oneLine(detail.game_info.name)}`,
    `Patient: ${patientName === null || patientName.trim() === "" ? NOT_SPECIFIED : oneLine(patientName)}`,
    `Date: ${formatDateTime(detail.start_time)}`,
    `Game: ${oneLine(detail.game_info.name)}, ${levelText(detail)}`,
    `Accuracy before correction: ${formatPercentage(accuracyBeforeCorrection(detail))}`,
    `Accuracy after correction: ${formatPercentage(detail.accuracy_percentage)}${correctedText(correctedAttempts(detail))}`,
    `Time spent: ${detail.total_session_duration === null ? NOT_AVAILABLE : formatDuration(detail.total_session_duration)}`,
    ...(notes.length === 0 ? ["SLP notes: none"] : ["SLP notes:", ...notes]),
    ...(review === null
      ? []
      : [`Reviewed by ${fullNameOrNotSpecified(review.reviewed_by.first_name, review.reviewed_by.last_name)} on ${formatDateTime(review.reviewed_at)}`]),
  ].join("\n");
};
