import { entryDraftOf, startOf } from "./time-log-panel.ts";
import type { TimeActivity, TimeEntry, TimeEntryPatchBody } from "./time-log-wire.ts";

// What a correction of a time entry sends (issue 24, "Time capture"): the fields the person changed,
// with the reason and the version the form started from. Pure: the zone is passed in.

/** What the entry form checked (checkEntry's value) and what it holds as typed. */
export type CheckedCorrection = {
  readonly activity: TimeActivity;
  readonly start: string;
  readonly minutes: number;
  readonly note: string;
  readonly reason: string;
};

/**
 * A correction sends only what changed, always with its reason and the entry's version. The start
 * is compared with the start as the form showed it (to the minute, on the institution's clocks), so
 * an entry logged at 09:00:40 keeps its seconds when only its note is corrected.
 */
export const correctionOf = (entry: TimeEntry, checked: CheckedCorrection, timeZone: string): TimeEntryPatchBody => {
  const shown = entryDraftOf(entry, timeZone);
  const note = checked.note.trim();
  return {
    ...(checked.activity === entry.activity ? {} : { activity: checked.activity }),
    ...(startOf(shown.date, shown.time, timeZone) === checked.start ? {} : { start: checked.start }),
    ...(checked.minutes === entry.minutes ? {} : { minutes: checked.minutes }),
    ...(note === entry.note.trim() ? {} : { note }),
    reason: checked.reason.trim(),
    version: entry.version,
  };
};
