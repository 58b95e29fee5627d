// What other features may use of the exercises adapters.
export type { ExercisesApi } from "./exercises-port.ts";
export { createExercisesApi, exercisesApiOf } from "./exercises-api.ts";
export {
  contentUrlOf,
  createContentDownload,
  DEFAULT_MAX_CONTENT_BYTES,
  type ContentDownloadConfig,
  type ContentDownloadOptions,
  type ContentDownloadPort,
  type DownloadProgress,
} from "./content-download.ts";
export { DOWNLOAD_FAILURE_KIND, downloadFailure, isDownloadAborted, isDownloadFailure, type DownloadFailure, type DownloadFailureKind } from "./download-failure.ts";
export { createTemplatesApi, templatesApiOf, type TemplatesApi } from "./templates-api.ts";
