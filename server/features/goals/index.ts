// The goals feature's server side (docs/goals.md): a patient's goals, judged on read by the criterion engine.
export { registerGoalRoutes } from "./goal-routes.ts";
export { readPatientGoals } from "./goal-reads.ts";
// The progress report drafts each goal's verdict from the same facts and sessions (server/features/progress-reports).
export { factsOfRow, patientCalendar, patientGoalSessions } from "./goal-reads.ts";
