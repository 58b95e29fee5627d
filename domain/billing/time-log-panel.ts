import { longDayLabel } from "../shared/calendar/labels.ts";
import { calendarDayIn, instantAt, wallClockIn } from "../shared/calendar/zone.ts";
import { checkLogWindow, type OutsideLogWindow } from "./log-window.ts";
import { managementCodesFor, unionMinutes } from "./management-time.ts";
import { type TimeActivity, MAX_CALL_MINUTES, MAX_ENTRY_MINUTES, MAX_NOTE_LENGTH, MAX_REASON_LENGTH } from "./time-log-wire.ts";

// The words of the patient's time log and call log (issue 24, "Time capture"): the month's minutes
// as billing counts them (overlap once), the codes they support, and the checks a form makes before
// it sends, the same the server makes (time-log-wire.ts), so a person learns of a slip at once.

export const ACTIVITY_LABEL: Readonly<Record<TimeActivity, string>> = {
  review: "Review",
  messaging: "Messaging",
  call: "Call",
  care_planning: "Care planning",
};

export type MonthTotals = {
  /** "25 minutes" or "25 minutes (overlaps counted once)". */
  readonly minutes: string;
  /** "supports 98980", "supports 98980 and 98981 ×2", "supports no management code yet (10 minutes needed)". */
  readonly codes: string;
  /** "needs a live call" when minutes support a code but no call was logged; null otherwise. */
  readonly need: string | null;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The month's totals of its (already month-scoped) entries and calls: union minutes, never the plain sum. */
export const monthTotals = (entries: readonly { readonly start: string; readonly minutes: number }[], calls: readonly { readonly minutes: number }[]): MonthTotals => {
  const union = unionMinutes(entries);
  const sum = entries.reduce((total, entry) => total + entry.minutes, 0);
  const codes = managementCodesFor(union);
  const hasCall = calls.some((call) => call.minutes > 0);
  return {
    minutes: union === sum ? plural(union, "minute") : `${plural(union, "minute")} (overlaps counted once)`,
    codes:
      codes.length === 0
        ? "supports no management code yet (10 minutes needed)"
        : `supports ${codes.map((code) => (code.units > 1 ? `${code.code} ×${code.units}` : code.code)).join(" and ")}`,
    need: codes.length > 0 && !hasCall ? "needs a live call" : null,
  };
};

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type EntryDraft = { readonly activity: string; readonly date: string; readonly time: string; readonly minutes: string; readonly note: string; readonly reason: string };

/** Whole minutes in 1..max from the typed text, or null. */
const wholeMinutes = (text: string, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : null;
};

/** The entry's start as an instant from the date and time typed on the institution's clocks (its zone); null when unreadable. */
export const startOf = (date: string, time: string, timeZone: string): string | null => instantAt(date, time, timeZone)?.toISOString() ?? null;

/** A new entry starts now on the institution's clocks: the form opens on the moment it is logged, to be moved back if the work was earlier. */
export const newEntryDraft = (now: Date, timeZone: string): EntryDraft => {
  const { day, time } = wallClockIn(now, timeZone);
  return { activity: "", date: day, time, minutes: "", note: "", reason: "" };
};

/** A corrected entry shows its start on the institution's clocks, as it was logged. */
export const entryDraftOf = (entry: { readonly activity: TimeActivity; readonly start: string; readonly minutes: number; readonly note: string }, timeZone: string): EntryDraft => {
  const { day, time } = wallClockIn(new Date(entry.start), timeZone);
  return { activity: entry.activity, date: day, time, minutes: String(entry.minutes), note: entry.note, reason: "" };
};

/** A new call is on the institution's today. */
export const newCallDraft = (now: Date, timeZone: string): CallDraft => ({ date: calendarDayIn(now, timeZone), minutes: "", participants: "" });


/** Why a day cannot be logged, in the words the form shows under the date. */
const outsideWindowWords = (check: OutsideLogWindow, what: "start" | "call"): string => {
  if (check.reason === "future") return what === "start" ? "The start cannot be in the future." : "The call cannot be in the future.";
  return `${what === "start" ? "Time" : "A call"} can be logged from ${longDayLabel(check.span.from)} on: this month and last.`;
};

/** The entry form's checks, the server's: an activity, a start in the log window (checkLogWindow) on the institution's clocks, 1..600 minutes, a reason when correcting. */
export const checkEntry = (
  draft: EntryDraft,
  correcting: boolean,
  now: Date,
  timeZone: string,
): { ok: true; activity: TimeActivity; start: string; minutes: number } | { ok: false; errors: FieldErrors<"activity" | "date" | "time" | "minutes" | "note" | "reason"> } => {
  const errors: FieldErrors<"activity" | "date" | "time" | "minutes" | "note" | "reason"> = {};
  if (!(draft.activity in ACTIVITY_LABEL)) errors.activity = "Choose what the time was spent on.";
  const start = startOf(draft.date, draft.time, timeZone);
  const inWindow = start === null ? null : checkLogWindow({ start: new Date(start) }, now, timeZone);
  if (draft.date === "") errors.date = "Enter the day the work started.";
  else if (draft.time === "") errors.time = "Enter the time the work started.";
  else if (start === null || inWindow === null) errors.date = "Enter a real date and time.";
  else if (!inWindow.ok) errors.date = outsideWindowWords(inWindow, "start");
  const minutes = wholeMinutes(draft.minutes, MAX_ENTRY_MINUTES);
  if (minutes === null) errors.minutes = `Enter whole minutes from 1 to ${MAX_ENTRY_MINUTES}.`;
  if (draft.note.trim().length > MAX_NOTE_LENGTH) errors.note = `Keep the note to ${MAX_NOTE_LENGTH} characters.`;
  if (correcting && draft.reason.trim() === "") errors.reason = "Say why the entry is changed.";
  else if (draft.reason.trim().length > MAX_REASON_LENGTH) errors.reason = `Keep the reason to ${MAX_REASON_LENGTH} characters.`;
  return Object.keys(errors).length > 0 || start === null || minutes === null
    ? { ok: false, errors }
    : { ok: true, activity: draft.activity as TimeActivity, start, minutes };
};

export type CallDraft = { readonly date: string; readonly minutes: string; readonly participants: string };

/** The call form's checks, the server's: a day in the log window on the institution's calendar (not after its today), 1..240 minutes, who took part. */
export const checkCall = (draft: CallDraft, now: Date, timeZone: string): { ok: true; minutes: number } | { ok: false; errors: FieldErrors<"date" | "minutes" | "participants"> } => {
  const errors: FieldErrors<"date" | "minutes" | "participants"> = {};
  const inWindow = /^\d{4}-\d{2}-\d{2}$/.test(draft.date) ? checkLogWindow({ day: draft.date }, now, timeZone) : null;
  if (inWindow === null) errors.date = "Enter the day of the call.";
  else if (!inWindow.ok) errors.date = outsideWindowWords(inWindow, "call");
  const minutes = wholeMinutes(draft.minutes, MAX_CALL_MINUTES);
  if (minutes === null) errors.minutes = `Enter whole minutes from 1 to ${MAX_CALL_MINUTES}.`;
  if (draft.participants.trim() === "") errors.participants = "Say who took part, such as “patient and daughter”.";
  return Object.keys(errors).length > 0 || minutes === null ? { ok: false, errors } : { ok: true, minutes };
};
