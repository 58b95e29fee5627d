import * as Schema from "effect/Schema";
import { OTHER_MESSAGES } from "../../domain/shared/error-catalogue.ts";

/** Why a content file download failed; the UI tells a cancelled download ("aborted") from a failed one. */
export const DOWNLOAD_FAILURE_KIND = {
  aborted: "aborted",
  network: "network",
  http: "http",
  invalidUrl: "invalid-url",
  invalidContent: "invalid-content",
} as const;
export type DownloadFailureKind = (typeof DOWNLOAD_FAILURE_KIND)[keyof typeof DOWNLOAD_FAILURE_KIND];

/**
 * How every failed download rejects: its kind, the spec's message to show (section 8) and the HTTP
 * status when the server answered with a failure (null otherwise).
 */
export type DownloadFailure = {
  readonly kind: DownloadFailureKind;
  readonly message: string;
  readonly status: number | null;
};

const DownloadFailureShape = Schema.Struct({
  kind: Schema.Literals(Object.values(DOWNLOAD_FAILURE_KIND)),
  message: Schema.String,
  status: Schema.NullOr(Schema.Number),
});

/** Whether a caught value is a DownloadFailure (catch clauses only ever see unknown). */
export const isDownloadFailure = Schema.is(DownloadFailureShape);

/** Whether a caught value is the failure of a download the person cancelled: nothing to report. */
export const isDownloadAborted = (error: unknown): boolean => isDownloadFailure(error) && error.kind === DOWNLOAD_FAILURE_KIND.aborted;

const MESSAGES: Readonly<Record<DownloadFailureKind, string>> = {
  aborted: OTHER_MESSAGES.downloadAborted,
  network: OTHER_MESSAGES.errorDownloadingFile,
  http: OTHER_MESSAGES.networkResponseNotOk,
  "invalid-url": OTHER_MESSAGES.invalidUrl,
  "invalid-content": OTHER_MESSAGES.errorDownloadingFile,
};

/** The failure of one kind, with its spec message. */
export const downloadFailure = (kind: DownloadFailureKind, status: number | null = null): DownloadFailure =>
  Object.freeze({ kind, message: MESSAGES[kind], status });
