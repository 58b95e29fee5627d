/**
 * The width of session_buckets' rows: session_bucket() (migration 0015) bins start times to five
 * minutes from 2000-01-01 00:00 UTC, a whole number of five minutes after the epoch, so binning
 * from the epoch here gives the same edges.
 */
export const SESSION_BUCKET_MS = 5 * 60 * 1000;

const binStart = (at: Date): number => Math.floor(at.getTime() / SESSION_BUCKET_MS) * SESSION_BUCKET_MS;

/**
 * How the sessions of (from, to] split into whole buckets and two partial ends: whole buckets
 * start in [firstWhole, endWhole); the sessions in (from, firstWhole) and [endWhole, to] are counted
 * from game_sessions itself. A bucket starting exactly at `from` is partial, as a session at `from`
 * is outside the week.
 */
export type WeekSplit = { readonly firstWhole: Date; readonly endWhole: Date };

export const splitWeek = (from: Date, to: Date): WeekSplit => {
  const firstWhole = binStart(from) + SESSION_BUCKET_MS;
  const endWhole = Math.max(firstWhole, binStart(to));
  return { firstWhole: new Date(firstWhole), endWhole: new Date(endWhole) };
};
