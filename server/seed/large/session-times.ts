import type { Prng } from "../../prng.ts";
import { DAY_MS } from "../seed-context.ts";
import type { LargeAssignment } from "./patients.ts";

const HOUR_MS = 3_600_000;

/** The stretch sessions are spread over: the last `days` days, but for the last hour (a session has ended by the time the seed runs). */
export type History = { readonly start: number; readonly end: number; readonly now: number };

export const historyOf = (now: number, days: number): History => ({ start: now - days * DAY_MS, end: now - HOUR_MS, now });

/** When a session starts and whether its SLP has reviewed it yet. */
export type ScheduledSession = { readonly start: number; readonly reviewed: boolean };

/** Older sessions have mostly been reviewed; the last week's wait for the SLP more often (about 86 % in all). */
const reviewChance = (daysAgo: number): number => (daysAgo > 7 ? 0.9 : daysAgo > 2 ? 0.5 : 0.1);

/**
 * The sessions of one assignment, oldest first. It plays from the later of the history's start
 * and its assignment date until the end (an inactive patient until they stopped, cramming the
 * same number in), mostly between 08:00 and 20:00 UTC, and gets `perAssignment` sessions for a
 * whole history, fewer when it was assigned during the history (at least one). Reviews are drawn
 * here, before anything is written, so each patient's "reviewed" flag can be inserted right.
 */
export const scheduleAssignment = (assignment: LargeAssignment, perAssignment: number, history: History, prng: Prng): ScheduledSession[] => {
  const from = Math.max(history.start, assignment.assignedAt);
  const to = assignment.stoppedAt === null ? history.end : Math.min(history.end, Math.max(from + (history.end - from) / 4, assignment.stoppedAt));
  if (perAssignment === 0 || to <= from) return [];
  const count = Math.max(1, Math.round((perAssignment * (history.end - from)) / (history.end - history.start)));
  const starts = Array.from({ length: count }, () => {
    const instant = from + prng.next() * (to - from);
    const daytime = Math.floor(instant / DAY_MS) * DAY_MS + (8 + prng.next() * 12) * HOUR_MS;
    // Whole seconds, like the demo's sessions.
    return Math.floor((daytime >= from && daytime < to ? daytime : instant) / 1000) * 1000;
  }).sort((a, b) => a - b);
  return starts.map((start) => ({ start, reviewed: prng.chance(reviewChance((history.now - start) / DAY_MS)) }));
};
