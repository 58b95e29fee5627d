import type { ContentFile, ContentRequest } from "../../domain/exercises/content-file.ts";

// The port the exercise previews depend on; content-download.ts is its fetch implementation.

/** How far a download has got: bytes received, and the size the server announced (null when it did not). */
export type DownloadProgress = {
  readonly loadedBytes: number;
  readonly totalBytes: number | null;
};

/** What one download needs besides its URL. */
export type ContentDownloadOptions = {
  /** The game and level the file is downloaded for: a file of another game or level is refused. */
  readonly expected: ContentRequest;
  /** Aborting cancels the download; the call then rejects with a DownloadFailure of kind "aborted". */
  readonly signal?: AbortSignal;
  /** Called with 0 bytes once the server answers, then after every chunk; never decreasing. */
  readonly onProgress?: (progress: DownloadProgress) => void;
};

/** Downloads exercise content files (spec section 7); every failure rejects with a DownloadFailure. */
export type ContentDownloadPort = {
  readonly downloadContentFile: (url: string, options: ContentDownloadOptions) => Promise<ContentFile>;
};
