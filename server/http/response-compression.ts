import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { constants } from "node:zlib";
import { CONTENT_ENCODINGS } from "./content-encoding.ts";
import { isApiPath } from "./route-access.ts";

/** API answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers over the threshold with brotli or gzip by Accept-Encoding (adding
 * `Vary: Accept-Encoding`). Only /api routes: the client's files were compressed at build time and
 * the shell at start (server/http/client-assets.ts), so nothing is compressed twice. Register it
 * before the routes (it hooks each route as it is added). Request bodies are never decompressed:
 * a small gzip body could inflate past the body limit's intent.
 */
export const registerResponseCompression = async (app: FastifyInstance): Promise<void> => {
  // Runs before the plugin's own onRoute hook, so it sees the opt-out.
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...CONTENT_ENCODINGS],
    // Quality 4 (of 11): most of brotli's gain at a small share of its cost, per answer.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
};
