// User Timing marks around the attempt table, read by `npm run perf` (scripts/perf-session-table.mjs):
// from the moment a session's decoded data reaches the page, through mapping its rows, to the
// table's commit. One mark name is reused, so re-renders leave no trail of marks behind.
export const ATTEMPT_TABLE_MEASURE = "session-detail:attempt-table";
const START = `${ATTEMPT_TABLE_MEASURE}:start`;

/** The session's data is on the page and its rows are about to be mapped. */
export const markAttemptTableStart = (): void => {
  performance.clearMarks(START);
  performance.mark(START);
};

/** The attempt table has committed: measure from the last start mark. */
export const measureAttemptTable = (): void => {
  if (performance.getEntriesByName(START, "mark").length === 0) return;
  performance.measure(ATTEMPT_TABLE_MEASURE, START);
  performance.clearMarks(START);
};
