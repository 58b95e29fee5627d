// The progress reports feature's public face (docs/progress-reports.md).
export * from "./progress-reports-endpoints.ts";
export * from "./report-addendum.ts";
export * from "./report-canonical.ts";
export * from "./report-completeness.ts";
export * from "./report-draft.ts";
export * from "./report-due.ts";
export * from "./report-period.ts";
export * from "./report-settings.ts";
export * from "./report-text.ts";
export * from "./report-wire.ts";
export * from "./report-words.ts";
