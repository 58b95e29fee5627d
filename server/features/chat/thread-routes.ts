import { and, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { createThreadEndpoint, listThreadsEndpoint, patientThreadEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { colleagueMembersProblem } from "../../../domain/chat/thread-access.ts";
import { chatMembers, chatThreads } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import type { ChatDeps } from "./chat-actions.ts";
import { CHAT_ACCESS, CHAT_READ_ERRORS } from "./chat-access.ts";
import { threadsJson } from "./thread-rows.ts";
import { reachableThreads, staffReader } from "./thread-scope.ts";

/** The list shows this many threads, newest activity first (search finds the others). */
const LIST_SIZE = 200;

const membersRefused = (reason: string) => apiFailure(400, "ERROR_027", reason, { field: "member_ids" });

/** A name search: the patient's or a member's first or last name holds the words typed. */
const nameMatches = (search: string) => {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const person = (first: typeof users.firstName | typeof patients.firstName, last: typeof users.lastName | typeof patients.lastName) =>
    ilike(sql`${first} || ' ' || ${last}`, pattern);
  // Correlated with the thread's own row.
  const member = sql`exists (select 1 from ${chatMembers} inner join ${users} on ${users.id} = ${chatMembers.userId} where ${chatMembers.threadId} = ${chatThreads.id} and (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`;
  return or(person(patients.firstName, patients.lastName), member);
};

/** The threads list, a colleagues' thread, and a patient's thread made on first use (docs/chat-api.md). */
export const registerThreadRoutes = (app: FastifyInstance, deps: ChatDeps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    listThreadsEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "The caller's conversations (their patients' and their colleagues'), newest activity first, with unread counts; ?search= by the patient's or a member's name", scope: "assigned-patients", errors: { 400: ["ERROR_056"], 403: ["ERROR_001"] } },
      audit: { action: "read", resource: "chat_threads" },
      scope: (principal) => staffReader(db, principal),
    },
    async ({ input: { query }, scope: reader, audit }, _request, reply) => {
      const search = query.search?.trim() ?? "";
      const rows = await reachableThreads(db, reader, search === "" ? undefined : nameMatches(search));
      const newest = rows
        .toSorted((a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0) || b.id - a.id)
        .slice(0, LIST_SIZE);
      await audit("success", null, null);
      return reply.send(await threadsJson(db, reader, newest));
    },
  );

  routeEndpoint(
    app,
    deps,
    createThreadEndpoint,
    {
      access: CHAT_ACCESS,
      doc: {
        summary: `A conversation among colleagues: the caller and 1 to ${CHAT_LIMITS.groupMembers - 1} other members of staff of their institution`,
        scope: "assigned-patients",
        errors: { 400: ["ERROR_027", "ERROR_056"], 403: ["ERROR_001"] },
        status: 201,
      },
      audit: { action: "create", resource: "chat_thread" },
      scope: (principal) => staffReader(db, principal),
    },
    async ({ input: { body }, scope: reader, audit, refuse }, _request, reply) => {
      const problem = colleagueMembersProblem(reader.userId, body.member_ids, CHAT_LIMITS.groupMembers);
      if (problem !== null) return refuse(membersRefused(problem), "failure", "invalid_members");
      const others = [...new Set(body.member_ids.filter((id) => id !== reader.userId))];
      const colleagues = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(staff, and(eq(staff.userId, users.id), eq(staff.institutionId, reader.slice.institutionId)))
        .where(and(inArray(users.id, others), eq(users.institutionId, reader.slice.institutionId), isNull(users.archivedAt)));
      if (colleagues.length !== others.length) return refuse(membersRefused("a member is not staff of the caller's institution"), "failure", "foreign_members");
      const now = clock.now();
      const thread = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatThreads)
          .values({ institutionId: reader.slice.institutionId, kind: "colleagues", createdAt: now, createdByUserId: reader.userId })
          .returning({ id: chatThreads.id, kind: chatThreads.kind, patientId: chatThreads.patientId, lastSeq: chatThreads.lastSeq });
        if (row === undefined) throw new Error("thread insert returned no row");
        await tx.insert(chatMembers).values([reader.userId, ...others].map((userId) => ({ threadId: row.id, userId })));
        await audit("success", null, String(row.id), tx);
        return row;
      });
      const [answer] = await threadsJson(db, reader, [thread]);
      return reply.code(201).send(answer);
    },
  );

  routeEndpoint(
    app,
    deps,
    patientThreadEndpoint,
    {
      access: CHAT_ACCESS,
      doc: { summary: "The patient's conversation (the patient and whoever cares for them), made on first use; the same thread for every caller", scope: "assigned-patients", errors: CHAT_READ_ERRORS },
      audit: { action: "read", resource: "chat_thread" },
      scope: async (principal, { params }) => {
        const patient = await onePatientScope(db, principal, params.id);
        if (!patient.ok) return patient;
        const reader = await staffReader(db, principal);
        return reader.ok ? { ok: true, scope: { reader: reader.scope, patientId: params.id }, resourceId: String(params.id) } : reader;
      },
    },
    async ({ scope: { reader, patientId }, audit }, _request, reply) => {
      const [patient] = await db.select({ institutionId: patients.institutionId }).from(patients).where(eq(patients.id, patientId));
      await db
        .insert(chatThreads)
        .values({ institutionId: patient?.institutionId ?? reader.slice.institutionId, kind: "patient", patientId, createdAt: clock.now(), createdByUserId: reader.userId })
        .onConflictDoNothing({ target: chatThreads.patientId });
      const [thread] = await db
        .select({ id: chatThreads.id, kind: chatThreads.kind, patientId: chatThreads.patientId, lastSeq: chatThreads.lastSeq })
        .from(chatThreads)
        .where(eq(chatThreads.patientId, patientId));
      if (thread === undefined) throw new Error("patient thread not stored");
      await audit("success", null, String(thread.id));
      const [answer] = await threadsJson(db, reader, [thread]);
      return reply.send(answer);
    },
  );
};
