import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { deviceMessagesEndpoint, deviceReadEndpoint, deviceSendEndpoint, deviceStreamEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { chatThreads } from "../../db/schema/chat.ts";
import { replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { failures } from "../../http/failures.ts";
import { noScope } from "../../http/open-route.ts";
import { withDeviceRoutes } from "../mobile/index.ts";
import { type ChatDeps, readAction, sendAction } from "./chat-actions.ts";
import { type StreamHub, lastEventIdOf } from "./chat-stream.ts";
import { historyPage } from "./message-rows.ts";
import { answerAction } from "./message-routes.ts";
import { type ThreadScope, openThreadOf, patientReader } from "./thread-scope.ts";

const DEVICE_ERRORS = { 401: ["ERROR_001"] } as const;

/**
 * The patient's side (docs/chat-api.md, "The patients' app"): the same calls for the patient's own
 * thread, under the device token (`Authorization: Device <token>`, checked by the mobile feature's
 * requireDevice before anything is decoded). The thread is the patient's, made on first use.
 */
export const registerDeviceChatRoutes = (app: FastifyInstance, deps: ChatDeps, hub: StreamHub): void => {
  const { db, clock } = deps;

  const ownThread = async (request: FastifyRequest): Promise<ThreadScope | undefined> => {
    const device = request.device;
    if (device === undefined) return undefined;
    await db
      .insert(chatThreads)
      .values({ institutionId: device.institutionId, kind: "patient", patientId: device.patientId, createdAt: clock.now() })
      .onConflictDoNothing({ target: chatThreads.patientId });
    const [thread] = await db.select({ id: chatThreads.id }).from(chatThreads).where(eq(chatThreads.patientId, device.patientId));
    if (thread === undefined) return undefined;
    const opened = await openThreadOf(db, patientReader(device), thread.id);
    return opened.ok ? opened.scope : undefined;
  };

  withDeviceRoutes(app, deps, (scoped) => {
    const route = { access: { public: true }, caller: "public", scope: noScope } as const;

    routeEndpoint(
      scoped,
      deps,
      deviceMessagesEndpoint,
      { ...route, doc: { summary: "A page of the patient's conversation (Authorization: Device <token>)", scope: "caller", errors: { 400: ["ERROR_056"], ...DEVICE_ERRORS } }, audit: { action: "read", resource: "chat_messages" } },
      async ({ input: { query }, audit }, request, reply) => {
        const opened = await ownThread(request);
        if (opened === undefined) return replyWithFailure(reply, failures.notAuthenticated());
        const page = await historyPage(db, opened.thread.id, query.before);
        await audit("success", null, String(opened.thread.id));
        return reply.send(page);
      },
    );

    routeEndpoint(
      scoped,
      deps,
      deviceSendEndpoint,
      {
        ...route,
        doc: { summary: "The patient sends a message (Authorization: Device <token>); idempotent by client_id", scope: "caller", errors: { 400: ["ERROR_003", "ERROR_056"], ...DEVICE_ERRORS, 404: ["ERROR_030"], 429: ["ERROR_012"] }, status: 201 },
        audit: { action: "create", resource: "chat_message" },
      },
      async ({ input: { body }, audit, refuse }, request, reply) => {
        const opened = await ownThread(request);
        if (opened === undefined) return replyWithFailure(reply, failures.notAuthenticated());
        return answerAction(await sendAction(deps, opened, body, audit), reply, refuse);
      },
    );

    routeEndpoint(
      scoped,
      deps,
      deviceReadEndpoint,
      { ...route, doc: { summary: "The patient has read their conversation up to `seq`", scope: "caller", errors: { 400: ["ERROR_056"], ...DEVICE_ERRORS } }, audit: { action: "read", resource: "chat_read_cursor" } },
      async ({ input: { body }, audit }, request, reply) => {
        const opened = await ownThread(request);
        if (opened === undefined) return replyWithFailure(reply, failures.notAuthenticated());
        return reply.send(await readAction(deps, opened, body.seq, audit));
      },
    );

    routeEndpoint(
      scoped,
      deps,
      deviceStreamEndpoint,
      { ...route, doc: { summary: "The patient's chat events (text/event-stream, Last-Event-ID replays); closed within seconds once the device is revoked", scope: "caller", errors: DEVICE_ERRORS }, audit: { action: "read", resource: "chat_stream" } },
      async ({ audit }, request, reply) => {
        const opened = await ownThread(request);
        if (opened === undefined) return replyWithFailure(reply, failures.notAuthenticated());
        await audit("success", null, String(opened.thread.id));
        await hub.serve(reply, opened.reader, lastEventIdOf(request));
        return reply;
      },
    );
  });
};
