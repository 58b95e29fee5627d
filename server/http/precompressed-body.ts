import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ContentEncoding, negotiateEncoding } from "./content-encoding.ts";

/** Sends one fixed body to a request: the variant its Accept-Encoding takes, or 304 when it already holds it. */
export type SendPrecompressed = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

type Variant = { readonly bytes: Buffer; readonly etag: string; readonly encoding: ContentEncoding | undefined };

/**
 * Whether If-None-Match names one of the body's tags. Weak comparison, as RFC 9110 asks for this
 * header: `W/"x"` matches `"x"`; `*` matches any current body.
 */
const holdsCurrent = (ifNoneMatch: string | undefined, etags: ReadonlySet<string>): boolean => {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || etags.has(trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed);
  });
};

/**
 * A body that does not change while the process runs (the API reference), serialised and hashed
 * once, and compressed with brotli and gzip once per encoding, instead of per request. Each encoding is its own
 * representation, so each has its own strong ETag (the content hash plus the encoding); a
 * request whose If-None-Match holds any of them gets 304 with the tag of the variant it would
 * have been sent. Register its route with `compress: false`: the bytes are already compressed.
 */
export const createPrecompressedBody = (body: string, contentType: string): { readonly send: SendPrecompressed; readonly etag: string } => {
  const identity = Buffer.from(body, "utf8");
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 32);
  // Each encoding is compressed at its first request, once: at maximum quality that is about
  // 150 ms for the API reference, which a start (and every test app) need not pay.
  const compress: Record<ContentEncoding, () => Buffer> = {
    br: () => brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: () => gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
  const compressed: Partial<Record<ContentEncoding, Buffer>> = {};
  const variantFor = (encoding: ContentEncoding | undefined): Variant =>
    encoding === undefined
      ? { bytes: identity, etag: `"${hash}"`, encoding }
      : { bytes: (compressed[encoding] ??= compress[encoding]()), etag: `"${hash}-${encoding}"`, encoding };
  const etags = new Set([`"${hash}"`, ...Object.keys(compress).map((encoding) => `"${hash}-${encoding}"`)]);
  const send: SendPrecompressed = (request, reply) => {
    const variant = variantFor(negotiateEncoding(request.headers["accept-encoding"]));
    reply.header("etag", variant.etag).header("vary", "accept-encoding").header("cache-control", "no-cache");
    if (holdsCurrent(request.headers["if-none-match"], etags)) return reply.code(304).send();
    reply.code(200).type(contentType);
    if (variant.encoding !== undefined) reply.header("content-encoding", variant.encoding);
    return reply.send(variant.bytes);
  };
  return { send, etag: `"${hash}"` };
};
