import { countOf, formFor, forms, NOUNS } from "../shared/format/plural.ts";

// Locked attempts (issue 31, docs/session-review.md "Locked attempts"): `is_editable: false` is the
// game's own flag, which this portal honours and never sets. A bare "Locked" left the SLP not
// knowing why nor what was left to do, so wherever it shows these words say it.

const IS = forms("is", "are");
const SCORE = forms("its score", "their scores");
const STILL_ALLOWED = "you can still read them, add notes and mark the session reviewed";

/**
 * What the session page says above its attempts when the game locked some: their scores can't be
 * corrected, and reading, notes and the review mark remain. Null when no attempt is locked.
 */
export const lockedAttemptsText = (locked: number, total: number): string | null => {
  if (locked <= 0) return null;
  if (locked >= total) return `Scores from this game can't be corrected: the game locked them. You can still read them, add notes and mark the session reviewed.`;
  return `${countOf(locked, NOUNS.attempt)} of ${total} ${formFor(locked, IS)} locked by the game: ${formFor(locked, SCORE)} can't be corrected, but ${STILL_ALLOWED}.`;
};

/** Said after "Locked" on an attempt's row, for a screen reader: why there is no correction, and that a note is still welcome. */
export const LOCKED_ROW_WORDS = ": the game locked this score, so it can't be corrected; you can still add a note";
