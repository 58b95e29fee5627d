import { type SQL, and, asc, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { TimeEntry, TimeEntryRevision } from "../../../domain/billing/time-log-wire.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { rtmTimeEntryRevisions } from "../../db/schema/time-entry-revisions.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { users } from "../../db/schema/users.ts";

type TimeEntryJson = (typeof TimeEntry)["Encoded"];
type RevisionJson = (typeof TimeEntryRevision)["Encoded"];
type Activity = TimeEntryJson["activity"];

/**
 * The instants of a month in the institution's calendar (the one data days use): an entry belongs
 * to the month its start falls in there, so a late-evening entry in Los Angeles is not next month's.
 */
const inMonthOf = (month: string, zone: SQL | typeof institutions.timeZone): SQL => {
  const first = `${month}-01`;
  return sql`${rtmTimeEntries.startedAt} >= (${first}::date)::timestamp at time zone ${zone}
    and ${rtmTimeEntries.startedAt} < ((${first}::date + interval '1 month')::timestamp) at time zone ${zone}`;
};

const entryColumns = {
  id: rtmTimeEntries.id,
  patientId: rtmTimeEntries.patientId,
  activity: rtmTimeEntries.activity,
  startedAt: rtmTimeEntries.startedAt,
  minutes: rtmTimeEntries.minutes,
  note: rtmTimeEntries.note,
  version: rtmTimeEntries.version,
  correctedReason: rtmTimeEntries.correctedReason,
  correctedBy: rtmTimeEntries.correctedBy,
  correctedAt: rtmTimeEntries.correctedAt,
  clinicianId: users.id,
  clinicianFirstName: users.firstName,
  clinicianLastName: users.lastName,
};

type EntryRow = {
  readonly id: number;
  readonly patientId: number;
  readonly activity: string;
  readonly startedAt: Date;
  readonly minutes: number;
  readonly note: string;
  readonly version: number;
  readonly correctedReason: string | null;
  readonly correctedBy: number | null;
  readonly correctedAt: Date | null;
  readonly clinicianId: number;
  readonly clinicianFirstName: string;
  readonly clinicianLastName: string;
};

const toJson = (row: EntryRow): TimeEntryJson => ({
  id: row.id,
  patient_id: row.patientId,
  activity: row.activity as TimeEntryJson["activity"],
  start: row.startedAt.toISOString(),
  minutes: row.minutes,
  note: row.note,
  clinician: { id: row.clinicianId, first_name: row.clinicianFirstName, last_name: row.clinicianLastName },
  version: row.version,
  corrected:
    row.correctedReason === null || row.correctedBy === null || row.correctedAt === null
      ? null
      : { reason: row.correctedReason, by: row.correctedBy, at: row.correctedAt.toISOString() },
});

/** The patient's live entries starting in the month, oldest first (the index on patient and start, live rows only). */
export const monthEntries = async (db: Database, patientId: number, institutionId: number, month: string): Promise<TimeEntryJson[]> => {
  const zone = sql`(select ${institutions.timeZone} from ${institutions} where ${institutions.id} = ${institutionId})`;
  const rows = await db
    .select(entryColumns)
    .from(rtmTimeEntries)
    .innerJoin(users, eq(users.id, rtmTimeEntries.clinicianUserId))
    .where(and(eq(rtmTimeEntries.patientId, patientId), isNull(rtmTimeEntries.deletedAt), inMonthOf(month, zone)))
    .orderBy(asc(rtmTimeEntries.startedAt), asc(rtmTimeEntries.id));
  return rows.map(toJson);
};

/** One live entry as the log shows it. */
export const oneEntry = async (db: Database, entryId: number): Promise<TimeEntryJson | undefined> => {
  const [row] = await db
    .select(entryColumns)
    .from(rtmTimeEntries)
    .innerJoin(users, eq(users.id, rtmTimeEntries.clinicianUserId))
    .where(and(eq(rtmTimeEntries.id, entryId), isNull(rtmTimeEntries.deletedAt)))
    .limit(1);
  return row === undefined ? undefined : toJson(row);
};

type RevisionRow = typeof rtmTimeEntryRevisions.$inferSelect & {
  readonly authorFirstName: string | null;
  readonly authorLastName: string | null;
};

/** The fields a correction changed, before → after, in the entry's field order; a removal changes none (it takes the whole entry out). */
const changesOf = (row: RevisionRow): RevisionJson["changes"] => {
  const changes: RevisionJson["changes"][number][] = [];
  if (row.newActivity !== null && row.newActivity !== row.activity) changes.push({ field: "activity", before: row.activity as Activity, after: row.newActivity as Activity });
  if (row.newStartedAt !== null && row.newStartedAt.getTime() !== row.startedAt.getTime())
    changes.push({ field: "start", before: row.startedAt.toISOString(), after: row.newStartedAt.toISOString() });
  if (row.newMinutes !== null && row.newMinutes !== row.minutes) changes.push({ field: "minutes", before: row.minutes, after: row.newMinutes });
  if (row.newNote !== null && row.newNote !== row.note) changes.push({ field: "note", before: row.note, after: row.newNote });
  return changes;
};

const revisionJson = (row: RevisionRow): RevisionJson => ({
  id: row.id,
  kind: row.kind as RevisionJson["kind"],
  at: row.revisedAt.toISOString(),
  by:
    row.revisedByUserId === null || row.authorFirstName === null || row.authorLastName === null
      ? null
      : { id: row.revisedByUserId, first_name: row.authorFirstName, last_name: row.authorLastName },
  reason: row.reason,
  before: { activity: row.activity as Activity, start: row.startedAt.toISOString(), minutes: row.minutes, note: row.note },
  changes: changesOf(row),
});

/** An entry's corrections and removal, newest first (the index on entry and time), with the author's name. */
export const entryHistory = async (db: Database, entryId: number): Promise<RevisionJson[]> => {
  const rows = await db
    .select({ ...getTableColumns(rtmTimeEntryRevisions), authorFirstName: users.firstName, authorLastName: users.lastName })
    .from(rtmTimeEntryRevisions)
    .leftJoin(users, eq(users.id, rtmTimeEntryRevisions.revisedByUserId))
    .where(eq(rtmTimeEntryRevisions.entryId, entryId))
    .orderBy(desc(rtmTimeEntryRevisions.revisedAt), desc(rtmTimeEntryRevisions.id));
  return rows.map(revisionJson);
};
