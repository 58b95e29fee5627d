import { ACTIVITY_LABEL } from "./time-log-panel.ts";
import type { EntryChange, TimeEntryRevision } from "./time-log-wire.ts";

// The words of a time entry's history (issue 24, "every entry and change is audited"): one line per
// correction or removal, read as text (a screen reader hears the whole change at once), e.g.
// "Nov 27, 2026, 10:04 AM, by Dana Reyes: minutes 15 → 20; reason: timer left running".

/** How an instant is shown: the screen passes its own (the time log's) format, so the domain keeps no zone. */
export type InstantFormat = (iso: string) => string;

const noteText = (note: string): string => (note.trim() === "" ? "(none)" : `“${note}”`);

/** One changed field in words: "minutes 15 → 20", "activity Review → Call", "start Nov 27, 2026, 9:00 AM → Nov 27, 2026, 9:30 AM". */
export const changeText = (change: EntryChange, format: InstantFormat): string => {
  switch (change.field) {
    case "activity":
      return `activity ${ACTIVITY_LABEL[change.before]} → ${ACTIVITY_LABEL[change.after]}`;
    case "start":
      return `start ${format(change.before)} → ${format(change.after)}`;
    case "minutes":
      return `minutes ${change.before} → ${change.after}`;
    case "note":
      return `note ${noteText(change.before)} → ${noteText(change.after)}`;
  }
};

/** Who made a revision: the clinician's name, or "an unknown user" for a change made outside the portal. */
const authorOf = (revision: TimeEntryRevision): string => (revision.by === null ? "an unknown user" : `${revision.by.first_name} ${revision.by.last_name}`);

/** A revision as one sentence: when, by whom, what changed (before → after) or what was removed, and the reason. */
export const revisionLine = (revision: TimeEntryRevision, format: InstantFormat): string => {
  const what =
    revision.kind === "remove"
      ? `removed from the log (was ${revision.before.minutes} minutes of ${ACTIVITY_LABEL[revision.before.activity].toLowerCase()} from ${format(revision.before.start)})`
      : revision.changes.length === 0
        ? "no field changed"
        : revision.changes.map((change) => changeText(change, format)).join(", ");
  return `${format(revision.at)}, by ${authorOf(revision)}: ${what}; reason: ${revision.reason}`;
};
