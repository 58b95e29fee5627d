import type { ContentItem, ItemsByDifficulty } from "../content-item.ts";

export type TimeOfDay = "morning" | "noon" | "evening" | "night";
export const WEEKDAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** A prescription and where its pills belong in a weekly organiser (the expected schedule). */
export type SortingTask = {
  readonly prescription: string;
  readonly schedule: Readonly<Partial<Record<WeekdayKey, ReadonlyArray<{ readonly time_of_day: TimeOfDay; readonly pills: number }>>>>;
};

const everyDay = (slots: ReadonlyArray<{ time_of_day: TimeOfDay; pills: number }>, days: readonly WeekdayKey[] = WEEKDAY_KEYS) =>
  Object.fromEntries(days.map((day) => [day, slots]));

export const SORTING_TASKS: readonly SortingTask[] = [
  { prescription: "Take 1 tablet every morning.", schedule: everyDay([{ time_of_day: "morning", pills: 1 }]) },
  { prescription: "Take 1 tablet twice a day, in the morning and in the evening.", schedule: everyDay([{ time_of_day: "morning", pills: 1 }, { time_of_day: "evening", pills: 1 }]) },
  { prescription: "Take 2 tablets at noon on weekdays only.", schedule: everyDay([{ time_of_day: "noon", pills: 2 }], ["monday", "tuesday", "wednesday", "thursday", "friday"]) },
  { prescription: "Take 1 tablet at night on Sunday, Wednesday and Friday.", schedule: everyDay([{ time_of_day: "night", pills: 1 }], ["sunday", "wednesday", "friday"]) },
  { prescription: "Take 1 capsule in the morning and 2 capsules at night.", schedule: everyDay([{ time_of_day: "morning", pills: 1 }, { time_of_day: "night", pills: 2 }]) },
  { prescription: "Take 1 tablet every other day, starting on Monday.", schedule: everyDay([{ time_of_day: "morning", pills: 1 }], ["monday", "wednesday", "friday", "sunday"]) },
];

/** Pill sorting is offered at the easy level only. */
export const pillSortingItems: ItemsByDifficulty = (difficulty) =>
  difficulty !== "easy"
    ? []
    : SORTING_TASKS.map((task): ContentItem => ({ prescription: task.prescription, expected_schedule: task.schedule }));
