import type { FastifyInstance } from "fastify";
import { replyWithFailure } from "../http/api-failure.ts";
import { failures } from "../http/failures.ts";
import * as Schema from "effect/Schema";

const HealthResponse = Schema.Struct({ status: Schema.Literal("ok") });

/**
 * Readiness: 200 { status: "ok" } while `ping` says the database is there, 503 otherwise. Open
 * without the API key so load balancers and orchestrators can probe it. The ping must stay
 * cheap under load (DatabaseHandle.ping never queues behind request queries).
 */
export const registerHealthRoute = (app: FastifyInstance, ping: () => Promise<unknown>): void => {
  app.get(
    "/api/health",
    { config: { access: { public: true, apiKey: "not-required" }, doc: { summary: "Readiness: 200 while the database answers, 503 otherwise", scope: "none", errors: { 503: ["ERROR_001"] }, response: HealthResponse } } },
    async (request, reply) => {
      try {
        await ping();
        return { status: "ok" };
      } catch (error) {
        request.log.warn({ err: error }, "health: database not answering");
        return replyWithFailure(reply, failures.databaseUnavailable());
      }
    },
  );
};
