import { hash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { replyWithFailure } from "./api-failure.ts";
import { failures } from "./failures.ts";
import { isApiPath, needsApiKey } from "./route-access.ts";

// One-shot hashing: every /api request digests its key, and a Hash object per call cost more than the digest.
const digest = (value: string): Buffer => hash("sha256", value, "buffer");

/** Compares in constant time (over fixed-length digests) so response timing leaks nothing about the key. */
const sameKey = (expected: Buffer, presented: string | string[] | undefined): boolean =>
  typeof presented === "string" && timingSafeEqual(expected, digest(presented));

export const pathnameOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * Every /api call carries the static API key in X-Api-Key (spec section 7), except routes that
 * declare `apiKey: "not-required"`. The matched route pattern decides, not the raw URL, so an
 * encoded path cannot slip past; unknown /api paths need the key too.
 */
export const installApiKeyCheck = (app: FastifyInstance, apiKey: string): void => {
  const expected = digest(apiKey);
  app.addHook("onRequest", async (request, reply) => {
    const pattern = request.routeOptions.url ?? pathnameOf(request.url);
    if (!isApiPath(pattern)) return;
    const access = request.routeOptions.config.access;
    if (access !== undefined && !needsApiKey(access)) return;
    if (!sameKey(expected, request.headers["x-api-key"])) return replyWithFailure(reply, failures.missingApiKey());
  });
};
