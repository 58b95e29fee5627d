import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { chatMembers, chatThreads } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { type ChatReader, openable } from "./thread-scope.ts";

/**
 * What decides who may open a thread, read for many readers at once: the thread, its patient's
 * slice columns (institution, archived, assigned SLP) and its members. A stream hub reads these once
 * per batch of events for all the streams of an institution and judges each reader in memory
 * (`reaches`), instead of one reachableThreads query per stream per batch.
 */
export type ThreadFacts = {
  readonly id: number;
  readonly institutionId: number;
  readonly kind: "patient" | "colleagues";
  readonly patientId: number | null;
  readonly patient: { readonly institutionId: number; readonly archived: boolean; readonly assignedStaffId: number | null } | null;
  readonly memberIds: ReadonlySet<number>;
};

/** The facts of these threads of the institution, read now (two queries whatever their number). */
export const threadFacts = async (db: Database, institutionId: number, threadIds: readonly number[]): Promise<Map<number, ThreadFacts>> => {
  const found = new Map<number, ThreadFacts>();
  if (threadIds.length === 0) return found;
  const rows = await db
    .select({
      id: chatThreads.id,
      institutionId: chatThreads.institutionId,
      kind: chatThreads.kind,
      patientId: chatThreads.patientId,
      patientInstitutionId: patients.institutionId,
      archivedAt: patients.archivedAt,
      assignedStaffId: patients.assignedStaffId,
    })
    .from(chatThreads)
    .leftJoin(patients, eq(patients.id, chatThreads.patientId))
    .where(and(eq(chatThreads.institutionId, institutionId), inArray(chatThreads.id, [...threadIds])));
  const members = await db.select({ threadId: chatMembers.threadId, userId: chatMembers.userId }).from(chatMembers).where(inArray(chatMembers.threadId, [...threadIds]));
  for (const row of rows) {
    found.set(row.id, {
      id: row.id,
      institutionId: row.institutionId,
      kind: row.kind,
      patientId: row.patientId,
      patient: row.patientInstitutionId === null ? null : { institutionId: row.patientInstitutionId, archived: row.archivedAt !== null, assignedStaffId: row.assignedStaffId },
      memberIds: new Set(members.filter((member) => member.threadId === row.id).map((member) => member.userId)),
    });
  }
  return found;
};

/**
 * May this reader open the thread? The same answer as reachableThreads (thread-reach.int.test.ts
 * holds them equal): the patient join of withReaderFacts judged in memory (for staff, the twin of
 * sliceCondition: the institution's patient, not archived, the SLP's own when the slice has a
 * staff id), the membership, then the domain's rule through `openable`.
 */
export const reaches = (reader: ChatReader, facts: ThreadFacts | undefined): boolean => {
  if (facts === undefined) return false;
  const institutionId = reader.kind === "staff" ? reader.slice.institutionId : reader.institutionId;
  if (facts.institutionId !== institutionId) return false;
  if (reader.kind === "patient") {
    const inSlice = facts.patient !== null && facts.patientId === reader.patientId;
    return openable(reader, { institutionId: facts.institutionId, kind: facts.kind, inSlice: inSlice ? reader.patientId : null, member: null });
  }
  const { slice } = reader;
  const patient = facts.patient;
  const inSlice =
    patient !== null && patient.institutionId === slice.institutionId && !patient.archived && (slice.staffId === null || patient.assignedStaffId === slice.staffId);
  const member = facts.memberIds.has(reader.userId);
  if (!inSlice && !member) return false;
  return openable(reader, { institutionId: facts.institutionId, kind: facts.kind, inSlice: inSlice ? (facts.patientId ?? 0) : null, member: member ? reader.userId : null });
};
