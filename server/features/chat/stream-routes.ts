import type { FastifyInstance } from "fastify";
import { chatStreamEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { ChatDeps } from "./chat-actions.ts";
import { CHAT_ACCESS } from "./chat-access.ts";
import { type StreamHub, lastEventIdOf } from "./chat-stream.ts";
import { staffReader } from "./thread-scope.ts";

/**
 * GET slp-chat/stream/ (docs/chat-api.md, "Delivery"): the caller's events as server-sent events,
 * authenticated like every call (Bearer in the Authorization header: EventSource cannot send one,
 * so the portal reads it with fetch). Opening it is audited once; the events are the messages the
 * history call would show, each id its stream sequence.
 */
export const registerStreamRoute = (app: FastifyInstance, deps: ChatDeps, hub: StreamHub): void => {
  routeEndpoint(
    app,
    deps,
    chatStreamEndpoint,
    {
      access: CHAT_ACCESS,
      doc: {
        summary: "The caller's chat events (text/event-stream): every message event after Last-Event-ID from the table, in order, then live; a heartbeat comment every 25 s",
        scope: "assigned-patients",
        errors: { 403: ["ERROR_001"] },
      },
      audit: { action: "read", resource: "chat_stream" },
      scope: (principal) => staffReader(deps.db, principal),
    },
    async ({ scope: reader, audit }, request, reply) => {
      const lastEventId = lastEventIdOf(request);
      await audit("success", lastEventId === undefined ? null : `from ${lastEventId}`, null);
      await hub.serve(reply, reader, lastEventId);
      return reply;
    },
  );
};
