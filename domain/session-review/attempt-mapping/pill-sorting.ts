import * as Schema from "effect/Schema";
import type { Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { GAME_TYPE } from "../../shared/games/game-type.ts";
import { type AttemptColumn, closingColumns, numberText, textColumn, textOrNotAvailable } from "./attempt-columns.ts";
import { type AttemptRowBase, ROW_KIND, toBaseRow } from "./attempt-row.ts";
import { decodePart, mapAll, mapSessionOf, type RowsOfChallenge, type SessionView } from "./session-view.ts";

/** Days of a pill organiser, in the order a US weekly organiser shows them. */
export const WEEKDAY = {
  sunday: "sunday",
  monday: "monday",
  tuesday: "tuesday",
  wednesday: "wednesday",
  thursday: "thursday",
  friday: "friday",
  saturday: "saturday",
} as const;
export type Weekday = (typeof WEEKDAY)[keyof typeof WEEKDAY];
export const WEEKDAYS: readonly Weekday[] = Object.values(WEEKDAY);
const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  sunday: "Sun",
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
};

export const TIME_OF_DAY = { morning: "morning", noon: "noon", evening: "evening", night: "night" } as const;
export type TimeOfDay = (typeof TIME_OF_DAY)[keyof typeof TIME_OF_DAY];

export const PillSortingContent = Schema.Struct({ prescription: Schema.String });

export const ScheduleEntryWire = Schema.Struct({
  time_of_day: Schema.Literals([TIME_OF_DAY.morning, TIME_OF_DAY.noon, TIME_OF_DAY.evening, TIME_OF_DAY.night]),
  pills: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
});
const DaySlots = Schema.optionalKey(Schema.Array(ScheduleEntryWire));

/** Where the patient placed pills in the weekly organiser, the answer given, and how many tries sorting took. */
export const PillSortingAttemptData = Schema.Struct({
  answer: Schema.NullOr(Schema.String),
  weekly_schedule: Schema.Struct({
    sunday: DaySlots,
    monday: DaySlots,
    tuesday: DaySlots,
    wednesday: DaySlots,
    thursday: DaySlots,
    friday: DaySlots,
    saturday: DaySlots,
  }),
  total_attempts: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
});

export type ScheduleEntry = { readonly timeOfDay: TimeOfDay; readonly pills: number };
export type ScheduleDay = { readonly weekday: Weekday; readonly entry: ScheduleEntry | null };

export type PillSortingRow = AttemptRowBase & {
  readonly kind: typeof ROW_KIND.pillSorting;
  readonly prescription: string;
  readonly answer: string | null;
  readonly schedule: ReadonlyArray<ScheduleDay>;
  readonly totalAttempts: number | null;
};

/** The schedule shows every weekday, Sunday first, with the first slot the patient filled that day, if any. */
export const weeklySchedule = (wire: typeof PillSortingAttemptData.Type["weekly_schedule"]): ReadonlyArray<ScheduleDay> =>
  WEEKDAYS.map((weekday) => {
    const first = wire[weekday]?.[0];
    return { weekday, entry: first === undefined ? null : { timeOfDay: first.time_of_day, pills: first.pills } };
  });

/** A schedule reads 'Sun: 1 pill (morning); Mon: none; …'. */
export const scheduleText = (schedule: ReadonlyArray<ScheduleDay>): string =>
  schedule
    .map(({ weekday, entry }) =>
      entry === null
        ? `${WEEKDAY_LABELS[weekday]}: none`
        : `${WEEKDAY_LABELS[weekday]}: ${entry.pills} ${entry.pills === 1 ? "pill" : "pills"} (${entry.timeOfDay})`,
    )
    .join("; ");

const rowsOf: RowsOfChallenge<PillSortingRow> = (challenge) => {
  const content = decodePart(PillSortingContent, challenge.content);
  if (content === undefined) return undefined;
  return mapAll(challenge.attempts, (attempt) => {
    const data = decodePart(PillSortingAttemptData, attempt.attempt_data);
    return data === undefined
      ? undefined
      : {
          ...toBaseRow(challenge, attempt),
          kind: ROW_KIND.pillSorting,
          prescription: content.prescription,
          answer: data.answer,
          schedule: weeklySchedule(data.weekly_schedule),
          totalAttempts: data.total_attempts,
        };
  });
};

/** A pill-sorting row shows the prescription directions, the answer, the week as sorted and the number of tries. */
export const mapPillSortingSession = (detail: SessionDetailWire): Result<SessionView<PillSortingRow>> =>
  mapSessionOf(GAME_TYPE.pillSorting, rowsOf, detail);

export const PILL_SORTING_COLUMNS: ReadonlyArray<AttemptColumn<PillSortingRow>> = [
  textColumn<PillSortingRow>("prescription", "Prescription", (row) => textOrNotAvailable(row.prescription)),
  textColumn<PillSortingRow>("answer", "Answer", (row) => textOrNotAvailable(row.answer)),
  textColumn<PillSortingRow>("schedule", "Schedule", (row) => scheduleText(row.schedule)),
  textColumn<PillSortingRow>("totalAttempts", "Attempts", (row) => numberText(row.totalAttempts)),
  ...closingColumns<PillSortingRow>(),
];
