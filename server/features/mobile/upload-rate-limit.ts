import type { FastifyRequest } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { counterNamespaceOf, precountedHit } from "../../http/rate-limit.ts";
import { deviceOfRequest } from "./device-auth.ts";

const MINUTE = 60_000;

/**
 * Uploads per device and minute. A patient's app sends a few sessions a day, and after days
 * offline a backlog of a few dozen in a burst; a leaked token must not be able to fill the
 * database (each session may hold 500 attempts). Counted per device, not per address: a clinic's
 * patients may share one, and 50 devices behind one address (the load bench) are 50 devices.
 *
 * A call without a working device token (missing, made up, revoked, its patient archived) is
 * counted by its address instead, with a smaller allowance (`unknownTokenMax`): a flood of made-up
 * tokens from one address writes one counter row per window, not one per token (issue 31), and
 * answers 429 once past it. Working devices behind that address keep their own counts, so one
 * broken app in a clinic does not stop its neighbours. Deciding which costs the one indexed read
 * requireDevice would do anyway (shared through deviceOfRequest).
 */
export const DEVICE_UPLOAD_LIMIT = {
  max: 120,
  unknownTokenMax: 30,
  timeWindow: MINUTE,
} as const;

const UNKNOWN_PREFIX = "no-device:";

const DEVICE_PREFIX = "device:";

/**
 * The upload's rate limit (config.rateLimit): per device when the token is a working one, else per
 * address. A working device's hit is counted by the lookup's own statement (device-lookup-counted.ts)
 * and handed to the store (precountedHit), one round trip instead of two.
 */
export const deviceUploadRateLimit = (db: Database, clock: Clock) =>
  ({
    timeWindow: DEVICE_UPLOAD_LIMIT.timeWindow,
    // The device's id, never its token or its hash: the key sits in a table anyone with the database reads.
    keyGenerator: async (request: FastifyRequest): Promise<string> => {
      const keyPrefix = `${counterNamespaceOf(request)}|${DEVICE_PREFIX}`;
      const device = await deviceOfRequest(db, request, {
        keyPrefix,
        windowMs: DEVICE_UPLOAD_LIMIT.timeWindow,
        now: clock.now(),
        counted: (found, hit) => precountedHit(db, `${keyPrefix}${found.deviceId}`, hit),
      });
      return device === undefined ? `${UNKNOWN_PREFIX}${request.ip}` : `${DEVICE_PREFIX}${device.deviceId}`;
    },
    max: (_request: FastifyRequest, key: string): number => (key.startsWith(UNKNOWN_PREFIX) ? DEVICE_UPLOAD_LIMIT.unknownTokenMax : DEVICE_UPLOAD_LIMIT.max),
  }) as const;
