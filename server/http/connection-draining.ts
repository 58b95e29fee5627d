import type { FastifyInstance } from "fastify";

/**
 * Once the app starts closing, every response asks the client to close its connection. Without
 * this a keep-alive connection that was busy when shutdown began stays open after its response
 * (Fastify only drops connections that were idle at that moment), and the server would wait for
 * the keep-alive timeout before it could finish closing.
 */
export const installConnectionDraining = (app: FastifyInstance): void => {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // A callback hook, as every answer runs it (no promise per answer).
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
};
