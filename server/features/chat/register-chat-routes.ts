import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { registerAttachmentRoutes } from "./attachment-routes.ts";
import type { ChatBus } from "./chat-bus.ts";
import { type StreamOptions, STREAM_DEFAULTS, streamHub } from "./chat-stream.ts";
import { registerDeviceChatRoutes } from "./device-chat-routes.ts";
import { registerMessageRoutes } from "./message-routes.ts";
import { registerStreamRoute } from "./stream-routes.ts";
import { registerThreadRoutes } from "./thread-routes.ts";

/** The SLP chat's routes (issue 34, docs/chat-api.md); its streams end before the server closes, and the bus with it. */
export const registerChatRoutes = (
  app: FastifyInstance,
  deps: { readonly db: Database; readonly clock: Clock; readonly bus: ChatBus; readonly stream?: Partial<StreamOptions> },
): void => {
  const chat = { db: deps.db, clock: deps.clock, bus: deps.bus, log: app.log };
  const hub = streamHub(chat, { ...STREAM_DEFAULTS, ...deps.stream });
  registerThreadRoutes(app, chat);
  registerMessageRoutes(app, chat);
  registerAttachmentRoutes(app, chat);
  registerStreamRoute(app, chat, hub);
  registerDeviceChatRoutes(app, chat, hub);
  // Open streams would hold the close forever: they end first (clients reconnect with Last-Event-ID).
  app.addHook("preClose", async () => hub.closeAll());
  app.addHook("onClose", async () => deps.bus.close());
};
