import { type SQL, and, eq, isNotNull, or } from "drizzle-orm";
import { mayOpenThread } from "../../../domain/chat/thread-access.ts";
import type { RoleCode } from "../../../domain/shared/roles.ts";
import type { Database } from "../../db/database.ts";
import { chatMembers, chatThreads } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import { type PatientSlice, sliceCondition, sliceOf } from "../../http/patient-scope.ts";
import type { Principal } from "../../http/principal.ts";

/**
 * Who reads and writes a thread: a member of staff with their patient slice (the same slice as
 * every patient read: server/http/patient-scope.ts), or a patient's device, which reaches its
 * patient's thread only.
 */
export type ChatReader =
  | { readonly kind: "staff"; readonly userId: number; readonly role: RoleCode; readonly slice: PatientSlice }
  | { readonly kind: "patient"; readonly patientId: number; readonly deviceId: number; readonly institutionId: number };

/** A thread the reader may open. */
export type OpenThread = {
  readonly id: number;
  readonly institutionId: number;
  readonly kind: "patient" | "colleagues";
  readonly patientId: number | null;
  readonly lastSeq: number;
};

export type ThreadScope = { readonly reader: ChatReader; readonly thread: OpenThread };

/** The reader's key in chat_read_cursors: "u<user id>" or "p<patient id>". */
export const readerKey = (reader: ChatReader): string => (reader.kind === "staff" ? `u${reader.userId}` : `p${reader.patientId}`);

/** A thread outside the reader's reach reads as an unknown one: ids cannot be probed. */
export const threadNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "conversation not found for the caller", { placeholders: { field_name: "conversation" } });

/** The staff reader of a principal, or the slice's refusal (403 for the super administrator). */
export const staffReader = async (db: Database, principal: Principal): Promise<ScopeDecision<ChatReader & { kind: "staff" }>> => {
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return slice;
  return { ok: true, scope: { kind: "staff", userId: principal.userId, role: principal.role, slice: slice.scope } };
};

const THREAD_COLUMNS = {
  id: chatThreads.id,
  institutionId: chatThreads.institutionId,
  kind: chatThreads.kind,
  patientId: chatThreads.patientId,
  lastSeq: chatThreads.lastSeq,
  lastMessageAt: chatThreads.lastMessageAt,
} as const;

/**
 * The facts mayOpenThread decides on, joined to a query of chat_threads: the thread's patient when
 * the reader's slice holds them, the reader's membership. The SQL only narrows (a thread that
 * neither join reaches cannot be opened); the rule itself is the domain's, applied by `openable`.
 */
export const withReaderFacts = (reader: ChatReader) => {
  if (reader.kind === "patient") {
    return { patientJoin: and(eq(patients.id, chatThreads.patientId), eq(patients.id, reader.patientId)) as SQL, memberJoin: undefined };
  }
  return {
    patientJoin: and(eq(patients.id, chatThreads.patientId), sliceCondition(reader.slice)) as SQL,
    memberJoin: and(eq(chatMembers.threadId, chatThreads.id), eq(chatMembers.userId, reader.userId)) as SQL,
  };
};

/** The reader's threads among those a query returns, with the facts it selected. */
export const openable = (reader: ChatReader, row: { institutionId: number; kind: "patient" | "colleagues"; inSlice: number | null; member: number | null }): boolean =>
  reader.kind === "patient"
    ? row.kind === "patient" && row.inSlice !== null && row.institutionId === reader.institutionId
    : mayOpenThread({
        viewerRole: reader.role,
        viewerInstitutionId: reader.slice.institutionId,
        threadInstitutionId: row.institutionId,
        kind: row.kind,
        patientInSlice: row.inSlice !== null,
        isMember: row.member !== null,
      });

/** Threads of the reader's institution that either join reaches (the narrowing of withReaderFacts). */
export const reachableThreads = async (db: Database, reader: ChatReader, where?: SQL) => {
  const facts = withReaderFacts(reader);
  const institutionId = reader.kind === "staff" ? reader.slice.institutionId : reader.institutionId;
  const base = db
    .select({ ...THREAD_COLUMNS, inSlice: patients.id, member: facts.memberJoin === undefined ? patients.id : chatMembers.userId })
    .from(chatThreads)
    .leftJoin(patients, facts.patientJoin);
  const joined = facts.memberJoin === undefined ? base : base.leftJoin(chatMembers, facts.memberJoin);
  const reached = facts.memberJoin === undefined ? isNotNull(patients.id) : or(isNotNull(patients.id), isNotNull(chatMembers.userId));
  const rows = await joined.where(and(eq(chatThreads.institutionId, institutionId), reached, where));
  return rows.filter((row) => openable(reader, { ...row, member: facts.memberJoin === undefined ? null : row.member }));
};

/** One thread for the reader, or 404 as for an unknown id. */
export const openThreadOf = async (db: Database, reader: ChatReader, threadId: number): Promise<ScopeDecision<ThreadScope>> => {
  const [row] = await reachableThreads(db, reader, eq(chatThreads.id, threadId));
  if (row === undefined) return { ok: false, failure: threadNotFound(), reason: "outside_scope", resourceId: String(threadId) };
  const thread: OpenThread = { id: row.id, institutionId: row.institutionId, kind: row.kind, patientId: row.patientId, lastSeq: row.lastSeq };
  return { ok: true, scope: { reader, thread }, resourceId: String(threadId) };
};

/** The scope of a route that names a thread: the caller's slice first (403 for the super administrator), then the thread (404 outside it). */
export const threadScope = async (db: Database, principal: Principal, threadId: number): Promise<ScopeDecision<ThreadScope>> => {
  const reader = await staffReader(db, principal);
  if (!reader.ok) return { ...reader, resourceId: String(threadId) };
  return openThreadOf(db, reader.scope, threadId);
};

/** The patient's own thread for their device, made on first use (the device's calls never name a thread). */
export const patientReader = (device: { readonly patientId: number; readonly deviceId: number; readonly institutionId: number }): ChatReader => ({
  kind: "patient",
  patientId: device.patientId,
  deviceId: device.deviceId,
  institutionId: device.institutionId,
});
