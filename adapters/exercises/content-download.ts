import { type ContentFile, type ContentRequest, decodeContentFile } from "../../domain/exercises/content-file.ts";
import { DOWNLOAD_FAILURE_KIND, downloadFailure } from "./download-failure.ts";

// What the exercise previews depend on, declared beside its one (fetch) implementation.

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

/** What the download is built from. */
export type ContentDownloadConfig = {
  /**
   * The API's origin: the client's baseUrl, or the page's origin (`location.origin`) when the
   * baseUrl is "" (same-origin). Relative URLs resolve against it; other origins are refused.
   */
  readonly apiOrigin: string;
  /** Defaults to the global fetch; tests and special runtimes may pass their own. */
  readonly fetch?: typeof globalThis.fetch;
  /** The largest file accepted, in bytes; a bigger one is refused as not a content file. */
  readonly maxBytes?: number;
};

/** The largest content file the server writes is a few kilobytes; anything near this is not one. */
export const DEFAULT_MAX_CONTENT_BYTES = 5 * 1024 * 1024;

const WEB_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:"]);

/** The configured API origin, or a wiring mistake reported at start-up rather than on every download. */
const originOf = (apiOrigin: string): string => {
  const parsed = URL.canParse(apiOrigin) ? new URL(apiOrigin) : undefined;
  if (parsed === undefined || !WEB_PROTOCOLS.has(parsed.protocol)) {
    throw new TypeError(`createContentDownload needs the API's http(s) origin, got "${apiOrigin}"`);
  }
  return parsed.origin;
};

/**
 * The address a content file may be downloaded from: an http(s) URL on the API's own origin, or a
 * path relative to it, without credentials in it. Anything else (javascript:, ftp:, another host,
 * an empty string) is undefined, and no request is made.
 */
export const contentUrlOf = (url: string, apiOrigin: string): URL | undefined => {
  if (url.trim() === "") return undefined;
  const base = `${originOf(apiOrigin)}/`;
  if (!URL.canParse(url, base)) return undefined;
  const resolved = new URL(url, base);
  const sameOrigin = resolved.origin === originOf(apiOrigin);
  const plain = resolved.username === "" && resolved.password === "";
  return WEB_PROTOCOLS.has(resolved.protocol) && sameOrigin && plain ? resolved : undefined;
};

/** Content-Length counts the bytes on the wire; once a body is compressed it says nothing about what the reader sees. */
const announcedSize = (response: Response): number | null => {
  const encoding = response.headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") return null;
  const length = response.headers.get("content-length");
  return length !== null && /^\d+$/.test(length.trim()) ? Number(length.trim()) : null;
};

const joined = (chunks: readonly Uint8Array[], size: number): Uint8Array => {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
};

const parseJson = (bytes: Uint8Array): { readonly ok: true; readonly json: unknown } | { readonly ok: false } => {
  try {
    return { ok: true, json: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return { ok: false };
  }
};

/**
 * Exercise content files from a URL (spec section 7), with progress and cancel, every failure a
 * DownloadFailure carrying the spec's message (section 8): "Invalid URL" before any request for an
 * address off the API's origin, "Network response was not ok" for a failure answer, "Error
 * downloading file" for a broken connection or a body that is not the content file asked for.
 */
export const createContentDownload = (config: ContentDownloadConfig): ContentDownloadPort => {
  const apiOrigin = originOf(config.apiOrigin);
  const maxBytes = config.maxBytes ?? DEFAULT_MAX_CONTENT_BYTES;
  // Called through globalThis: a detached window.fetch throws "Illegal invocation" in browsers.
  const send = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  const download = async (url: string, options: ContentDownloadOptions): Promise<ContentFile> => {
    const { signal, onProgress } = options;
    // A function, not a narrowed property: the signal may abort at any await below.
    const aborted = (): boolean => signal?.aborted === true;
    const target = contentUrlOf(url, apiOrigin);
    if (target === undefined) throw downloadFailure(DOWNLOAD_FAILURE_KIND.invalidUrl);
    if (aborted()) throw downloadFailure(DOWNLOAD_FAILURE_KIND.aborted);
    // The cancel or the broken connection, whichever the caller caused: a cancel is never reported as a failure.
    const interrupted = () => downloadFailure(aborted() ? DOWNLOAD_FAILURE_KIND.aborted : DOWNLOAD_FAILURE_KIND.network);

    let response: Response;
    try {
      response = await send(target.href, {
        method: "GET",
        headers: { Accept: "application/json" },
        // The file is public exercise material: no cookie goes with it, and a redirect could lead
        // off the origin this URL was checked against.
        credentials: "omit",
        redirect: "error",
        ...(signal === undefined ? {} : { signal }),
      });
    } catch {
      throw interrupted();
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw downloadFailure(DOWNLOAD_FAILURE_KIND.http, response.status);
    }
    const totalBytes = announcedSize(response);
    if (totalBytes !== null && totalBytes > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw downloadFailure(DOWNLOAD_FAILURE_KIND.invalidContent);
    }

    const report = (loadedBytes: number): void => {
      // A server that sends more than it announced has no meaningful total; progress never runs past 100 %.
      const progress: DownloadProgress = { loadedBytes, totalBytes: totalBytes !== null && loadedBytes <= totalBytes ? totalBytes : null };
      onProgress?.(progress);
    };
    report(0);

    const chunks: Uint8Array[] = [];
    let loadedBytes = 0;
    const reader = response.body?.getReader();
    if (reader !== undefined) {
      let finished = false;
      try {
        for (;;) {
          let step: ReadableStreamReadResult<Uint8Array>;
          try {
            step = await reader.read();
          } catch {
            throw interrupted();
          }
          if (step.done) break;
          loadedBytes += step.value.byteLength;
          if (loadedBytes > maxBytes) throw downloadFailure(DOWNLOAD_FAILURE_KIND.invalidContent);
          chunks.push(step.value);
          report(loadedBytes);
        }
        finished = true;
      } finally {
        // Stop the transfer when we give up early (too big, a throwing progress listener).
        if (!finished) await reader.cancel().catch(() => undefined);
      }
    }
    if (aborted()) throw downloadFailure(DOWNLOAD_FAILURE_KIND.aborted);

    const parsed = parseJson(joined(chunks, loadedBytes));
    if (!parsed.ok) throw downloadFailure(DOWNLOAD_FAILURE_KIND.invalidContent);
    const decoded = decodeContentFile(parsed.json, options.expected);
    if (!decoded.ok) throw downloadFailure(DOWNLOAD_FAILURE_KIND.invalidContent);
    return decoded.value;
  };

  return { downloadContentFile: download };
};
