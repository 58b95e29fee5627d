import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEVICE_AUTH_SCHEME, DEVICE_TOKEN_PATTERN } from "../../../domain/mobile/device-wire.ts";
import { recordAnonymousRefusal } from "../../audit/record-anonymous-refusal.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { failures } from "../../http/failures.ts";
import type { IncrementResult } from "../../http/rate-limit.ts";
import { type UseCounter, findDeviceCountingUse } from "./device-lookup-counted.ts";
import { type AuthenticDevice, findDeviceByToken, touchDevice } from "./device-store.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The patient's device a mobile route acts for (set by requireDevice); undefined elsewhere. */
    device: AuthenticDevice | undefined;
    /** Set by a route whose own statement stamped the device's last use (the upload's write), so stampDeviceUse does not. */
    deviceUseStamped: boolean;
  }
}

/** The kind a refused device token is counted under among anonymous refusals. */
export const DEVICE_AUTH_ACTION = "mobile.device_auth";

const DEVICE_HEADER = new RegExp(`^${DEVICE_AUTH_SCHEME} +(\\S+) *$`, "i");

/** The token of an `Authorization: Device <token>` header, or undefined for any other header (or several). */
export const deviceTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const token = DEVICE_HEADER.exec(header)?.[1];
  return token !== undefined && DEVICE_TOKEN_PATTERN.test(token) ? token : undefined;
};

// One lookup per request: the upload's rate limit needs to know whether the token is a device's
// (to count it per device, or per address when it is not) before requireDevice runs.
const lookups = new WeakMap<FastifyRequest, Promise<AuthenticDevice | undefined>>();

/**
 * The working device an `Authorization: Device` header names, looked up once per request; undefined
 * when there is none. With `counter` (the upload's rate limit, the first to ask) the same
 * statement counts the device's use (device-lookup-counted.ts) and `counted` gets that hit.
 */
export const deviceOfRequest = (
  db: Database,
  request: FastifyRequest,
  counter?: UseCounter & { readonly counted: (device: AuthenticDevice, hit: IncrementResult) => void },
): Promise<AuthenticDevice | undefined> => {
  const known = lookups.get(request);
  if (known !== undefined) return known;
  const token = deviceTokenOf(request);
  const lookup =
    token === undefined
      ? Promise.resolve(undefined)
      : counter === undefined
        ? findDeviceByToken(db, token)
        : findDeviceCountingUse(db, token, counter).then((found) => {
            if (found !== undefined) counter.counted(found.device, found.hit);
            return found?.device;
          });
  lookups.set(request, lookup);
  return lookup;
};

/**
 * The device check of the mobile routes, a preHandler of their own plugin scope: it runs after
 * the access rule (which checks the API key of a `{ public: true }` route) and before the route's
 * opening decodes anything, so a request without a working device token costs one indexed read at
 * most, writes no audit row but adds one to its address's hourly count of anonymous refusals
 * (server/audit/record-anonymous-refusal.ts: an anonymous flood cannot fill the audit trail) and
 * answers 401 ERROR_001 whether the token is missing, malformed, unknown or revoked, or its patient
 * archived. The route is `{ public: true }` because the access rule's kinds are the
 * portal users' (server/http/route-access.ts); this hook is what makes it a device's route.
 */
export const requireDevice =
  (deps: { readonly db: Database; readonly clock: Clock }) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const device = await deviceOfRequest(deps.db, request);
    if (device === undefined) {
      const reason = deviceTokenOf(request) === undefined ? "no_device_token" : "unknown_device_token";
      await recordAnonymousRefusal(deps.db, { occurredAt: deps.clock.now(), ip: request.ip, action: DEVICE_AUTH_ACTION, outcome: "failure", reason });
      return replyWithFailure(reply, failures.notAuthenticated());
    }
    request.device = device;
    return undefined;
  };

/**
 * Stamps the device's last use (at most once a minute, touchDevice) as the answer goes out, an
 * onSend hook of the device routes: every answer to a working device, refusals and repeats too,
 * as the check above used to before each handler. A route that writes it in its own statement
 * (the upload's write, session-upload-write.ts: one commit instead of two on an arrival) says so.
 */
export const stampDeviceUse =
  (deps: { readonly db: Database; readonly clock: Clock }) =>
  async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (request.device !== undefined && !request.deviceUseStamped) await touchDevice(deps.db, request.device, deps.clock.now());
    return payload;
  };

/** Registers routes that only a patient's device may call: each runs requireDevice before its handler and stampDeviceUse on its answer. */
export const withDeviceRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }, register: (scoped: FastifyInstance) => void): void => {
  app.register(async (scoped) => {
    scoped.decorateRequest("device", undefined);
    scoped.decorateRequest("deviceUseStamped", false);
    scoped.addHook("preHandler", requireDevice(deps));
    scoped.addHook("onSend", stampDeviceUse(deps));
    register(scoped);
  });
};
