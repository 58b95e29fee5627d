// What other features may use of the exercises adapters.
export type { ExercisesApi } from "./exercises-port.ts";
export { createExercisesApi, exercisesApiOf } from "./exercises-api.ts";
export type { ContentDownloadOptions, ContentDownloadPort, DownloadProgress } from "./content-download-port.ts";
export { contentUrlOf, createContentDownload, DEFAULT_MAX_CONTENT_BYTES, type ContentDownloadConfig } from "./content-download.ts";
export { DOWNLOAD_FAILURE_KIND, downloadFailure, isDownloadAborted, isDownloadFailure, type DownloadFailure, type DownloadFailureKind } from "./download-failure.ts";
export type { TemplatesApi } from "./templates-port.ts";
export { createTemplatesApi, templatesApiOf } from "./templates-api.ts";
