import { changedFields, type FieldChange, rebaseDraft, type SameValue } from "../shared/record-conflict.ts";
import type { AttemptRow } from "./attempt-mapping/map-session-detail.ts";
import { type AttemptDraft, draftFromRow, sameDraftText } from "./attempt-draft.ts";
import type { EditField } from "./attempt-edit.ts";

/** One corrected field of a refused correction: as the reviewer opened it, as stored now, as they typed it. */
export type AttemptFieldChange = FieldChange<Required<AttemptDraft>, EditField>;

const same: SameValue = (a, b, field) => sameDraftText(field as EditField, String(a ?? ""), String(b ?? ""));

// The draft holds only the fields the row's kind offers; the ones never typed read as they opened.
const fullDraft = (started: AttemptRow, draft: AttemptDraft): AttemptDraft => ({ ...draftFromRow(started), ...draft });

/**
 * What someone else's correction means for the reviewer's: every field they corrected, with the
 * value they opened, the value stored now and their own (typed spellings of one value are one value).
 */
export const attemptConflict = (started: AttemptRow, current: AttemptRow, draft: AttemptDraft): readonly AttemptFieldChange[] =>
  changedFields(draftFromRow(started), draftFromRow(current), fullDraft(started, draft), same) as readonly AttemptFieldChange[];

/** The reviewer's correction carried onto the stored attempt: their fields stay theirs, the rest is what is stored now. */
export const attemptDraftOnCurrent = (started: AttemptRow, current: AttemptRow, draft: AttemptDraft): AttemptDraft =>
  rebaseDraft(draftFromRow(started), draftFromRow(current), fullDraft(started, draft), same);
