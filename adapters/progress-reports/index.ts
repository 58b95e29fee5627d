// What other features may use of the progress reports adapters (issue 37).
export { createProgressReportsApi, progressReportsApiOf, type ProgressReportsApi } from "./progress-reports-api.ts";
