import { WEEKDAY_KEYS } from "../../content/games/pill-sorting.ts";
import type { Prng } from "../../prng.ts";
import { type AttemptPlanner, outcomes, scoreFor, seconds } from "./attempt-plan.ts";

type Slot = { readonly time_of_day: string; readonly pills: number };
type Schedule = Partial<Record<string, readonly Slot[]>>;

const readSchedule = (value: unknown): Schedule => {
  if (typeof value !== "object" || value === null) return {};
  const schedule: Schedule = {};
  for (const day of WEEKDAY_KEYS) {
    const slots: unknown = Reflect.get(value, day);
    if (Array.isArray(slots)) schedule[day] = slots.filter((slot): slot is Slot => typeof slot === "object" && slot !== null);
  }
  return schedule;
};

/** A typical sorting slip: one day left empty or one slot with a pill too many. */
const slip = (schedule: Schedule, prng: Prng): Schedule => {
  const days = WEEKDAY_KEYS.filter((day) => (schedule[day]?.length ?? 0) > 0);
  const day = days.length > 0 ? prng.pick(days) : "monday";
  if (prng.chance(0.5)) return { ...schedule, [day]: [] };
  return { ...schedule, [day]: (schedule[day] ?? []).map((slot, i) => (i === 0 ? { ...slot, pills: slot.pills + 1 } : slot)) };
};

const total = (schedule: Schedule): number =>
  WEEKDAY_KEYS.reduce((sum, day) => sum + (schedule[day] ?? []).reduce((s, slot) => s + slot.pills, 0), 0);

/** Pill sorting: fill a weekly organiser from a prescription; the answer is the week's pill total. */
export const planPillSorting: AttemptPlanner = (context) => {
  const { prng, item } = context;
  const expected = readSchedule(item.expected_schedule);
  return outcomes(context).map((correct, index) => {
    const placed = correct ? expected : slip(expected, prng);
    return {
      attemptNumber: index + 1,
      isEditable: true,
      score: scoreFor(prng, correct),
      isCorrect: correct,
      transcription: null,
      aiFeedback: null,
      hintsUsed: null,
      timeSeconds: seconds(prng, 30, 150),
      responseAudioUrl: null,
      attemptData: { answer: `${total(placed)} pills for the week`, weekly_schedule: placed, total_attempts: prng.int(1, 4) },
    };
  });
};
