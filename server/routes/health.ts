import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { replyWithFailure } from "../http/api-failure.ts";
import { failures } from "../http/failures.ts";

/**
 * Readiness: 200 { status: "ok" } once the database answers a query, 503 otherwise. Open
 * without the API key so load balancers and orchestrators can probe it.
 */
export const registerHealthRoute = (app: FastifyInstance, db: Database): void => {
  app.get(
    "/api/health",
    { config: { access: { public: true, apiKey: "not-required" } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: "ok" };
      } catch (error) {
        request.log.warn({ err: error }, "health: database not answering");
        return replyWithFailure(reply, failures.databaseUnavailable());
      }
    },
  );
};
