import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ContentEncoding, negotiateEncoding } from "./content-encoding.ts";

/** Sends the app's shell (index.html) to one request. */
export type SendShell = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The shell as served: its HTML (with the run-time configuration already written in) compressed
 * once with brotli and gzip at start, since it does not change while the process runs. Each answer
 * picks the variant by Accept-Encoding, says so in Vary, and is revalidated on every load
 * (`no-cache`) so a new build or configuration is picked up at once.
 */
export const createClientShell = (html: string): SendShell => {
  const identity = Buffer.from(html, "utf8");
  const variants: Record<ContentEncoding, Buffer> = {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
  return (request, reply) => {
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    reply.code(200).type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "accept-encoding");
    if (encoding === undefined) return reply.send(identity);
    return reply.header("content-encoding", encoding).send(variants[encoding]);
  };
};
