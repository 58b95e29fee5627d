import type { FastifyRequest } from "fastify";
import { deviceTokenOf } from "./device-auth.ts";
import { deviceTokenHash } from "./device-token.ts";

const MINUTE = 60_000;

/**
 * Uploads per device token and minute. A patient's app sends a few sessions a day, and after days
 * offline a backlog of a few dozen in a burst; a leaked token must not be able to fill the
 * database (each session may hold 500 attempts). Counted per token, not per address: a clinic's
 * patients may share one, and 50 devices behind one address (the load bench) are 50 devices. The
 * key is the token's SHA-256, as stored, never the token; a request without a device token is
 * counted by its address. Counted before the token is checked, so a flood of made-up tokens costs
 * each one counter row and one indexed read, then 401.
 */
export const DEVICE_UPLOAD_LIMIT = {
  max: 120,
  timeWindow: MINUTE,
  keyGenerator: (request: FastifyRequest): string => {
    const token = deviceTokenOf(request);
    return token === undefined ? `ip:${request.ip}` : `device:${deviceTokenHash(token)}`;
  },
} as const;
