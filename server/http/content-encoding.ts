import negotiate from "@fastify/accept-negotiator";

/** The encodings the server sends, best first: brotli is smaller than gzip for the same text. */
export const CONTENT_ENCODINGS = ["br", "gzip"] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/**
 * The encoding to answer `Accept-Encoding` with: br, then gzip, else undefined (identity). A
 * q=0 entry refuses that encoding; `*` counts as gzip, as @fastify/static reads it for the
 * precompressed files, so the shell and the assets answer one header alike.
 */
export const negotiateEncoding = (acceptEncoding: string | undefined): ContentEncoding | undefined => {
  if (acceptEncoding === undefined || acceptEncoding.trim() === "") return undefined;
  return negotiate(acceptEncoding.toLowerCase().replaceAll("*", "gzip"), [...CONTENT_ENCODINGS]) ?? undefined;
};
