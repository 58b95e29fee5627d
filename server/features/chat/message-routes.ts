import type { FastifyInstance, FastifyReply } from "fastify";
import { editMessageEndpoint, readThreadEndpoint, sendMessageEndpoint, threadMessagesEndpoint, withdrawMessageEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { ApiFailure } from "../../http/api-failure.ts";
import type { AuditOutcome } from "../../db/schema/audit.ts";
import { type ActionResult, type ChatDeps, readAction, reviseAction, sendAction } from "./chat-actions.ts";
import { CHAT_ACCESS, CHAT_READ_ERRORS } from "./chat-access.ts";
import { historyPage } from "./message-rows.ts";
import { threadScope } from "./thread-scope.ts";

type Refuse = (failure: ApiFailure, outcome: AuditOutcome, reason: string, resourceId?: string | null) => Promise<FastifyReply>;

/** Answers an action's result: its status and body, or its refusal (audited: a 403 as denied, the rest as failures). */
export const answerAction = <T>(result: ActionResult<T>, reply: FastifyReply, refuse: Refuse): Promise<FastifyReply> | FastifyReply =>
  result.ok ? reply.code(result.status).send(result.body) : refuse(result.failure, result.failure.status === 403 ? "denied" : "failure", result.reason);

const WRITE_ERRORS = { 400: ["ERROR_003", "ERROR_056"], ...CHAT_READ_ERRORS } as const;

/** A thread's history, send, edit, withdraw and read (docs/chat-api.md); each thread through threadScope. */
export const registerMessageRoutes = (app: FastifyInstance, deps: ChatDeps): void => {
  const { db } = deps;
  const scope = (principal: Parameters<typeof threadScope>[1], input: { params: { thread_id: number } }) => threadScope(db, principal, input.params.thread_id);

  routeEndpoint(
    app,
    deps,
    threadMessagesEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "A page of the conversation before ?before= (the newest page without it), oldest first, with everyone's read cursor", scope: "assigned-patients", errors: { 400: ["ERROR_056"], ...CHAT_READ_ERRORS } },
      audit: { action: "read", resource: "chat_messages" },
      scope,
    },
    async ({ input: { query }, scope: { thread }, audit }, _request, reply) => {
      const page = await historyPage(db, thread.id, query.before);
      await audit("success", null, String(thread.id));
      return reply.send(page);
    },
  );

  routeEndpoint(
    app,
    deps,
    sendMessageEndpoint,
    {
      access: CHAT_ACCESS,
      doc: {
        summary: "Send a message (text up to 4,000 characters, an attachment uploaded before); idempotent by client_id: a repeat answers the stored message with 200; 20 a minute and 300 a day per sender",
        scope: "assigned-patients",
        errors: { ...WRITE_ERRORS, 429: ["ERROR_012"] },
        status: 201,
      },
      audit: { action: "create", resource: "chat_message" },
      scope,
    },
    async ({ input: { body }, scope: opened, audit, refuse }, _request, reply) => answerAction(await sendAction(deps, opened, body, audit), reply, refuse),
  );

  routeEndpoint(
    app,
    deps,
    editMessageEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "The author's new text of their message; the text it replaces is kept as a revision", scope: "assigned-patients", errors: WRITE_ERRORS },
      audit: { action: "update", resource: "chat_message" },
      scope,
    },
    async ({ input: { params, body }, scope: opened, audit, refuse }, _request, reply) => answerAction(await reviseAction(deps, opened, params.seq, body, audit), reply, refuse),
  );

  routeEndpoint(
    app,
    deps,
    withdrawMessageEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "The author withdraws their message: it keeps its place with no text; what it said stays in the record", scope: "assigned-patients", errors: CHAT_READ_ERRORS },
      audit: { action: "delete", resource: "chat_message" },
      scope,
    },
    async ({ input: { params }, scope: opened, audit, refuse }, _request, reply) => answerAction(await reviseAction(deps, opened, params.seq, "withdraw", audit), reply, refuse),
  );

  routeEndpoint(
    app,
    deps,
    readThreadEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "The caller has read the conversation up to `seq`; the cursor never moves back", scope: "assigned-patients", errors: { 400: ["ERROR_056"], ...CHAT_READ_ERRORS } },
      audit: { action: "read", resource: "chat_read_cursor" },
      scope,
    },
    async ({ input: { body }, scope: opened, audit }, _request, reply) => reply.send(await readAction(deps, opened, body.seq, audit)),
  );
};
