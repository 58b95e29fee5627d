import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { CallRecord } from "../../../domain/billing/time-log-wire.ts";
import type { Database } from "../../db/database.ts";
import { rtmCalls } from "../../db/schema/time-log.ts";
import { users } from "../../db/schema/users.ts";

type CallJson = (typeof CallRecord)["Encoded"];

const callColumns = {
  id: rtmCalls.id,
  patientId: rtmCalls.patientId,
  callDate: rtmCalls.callDate,
  minutes: rtmCalls.minutes,
  participants: rtmCalls.participants,
  createdAt: rtmCalls.createdAt,
  takenById: users.id,
  takenByFirstName: users.firstName,
  takenByLastName: users.lastName,
};

type CallRow = { [K in keyof typeof callColumns]: (typeof callColumns)[K]["_"]["data"] };

const toJson = (row: CallRow): CallJson => ({
  id: row.id,
  patient_id: row.patientId,
  date: row.callDate,
  minutes: row.minutes,
  participants: row.participants,
  taken_by: { id: row.takenById, first_name: row.takenByFirstName, last_name: row.takenByLastName },
  created_at: row.createdAt.toISOString(),
});

/** The patient's calls on the days of the month (a call's day is the day the clinician wrote), by day. */
export const monthCalls = async (db: Database, patientId: number, month: string): Promise<CallJson[]> => {
  const first = `${month}-01`;
  const rows = await db
    .select(callColumns)
    .from(rtmCalls)
    .innerJoin(users, eq(users.id, rtmCalls.takenByUserId))
    .where(and(eq(rtmCalls.patientId, patientId), gte(rtmCalls.callDate, first), lt(rtmCalls.callDate, sql`(${first}::date + interval '1 month')::date`)))
    .orderBy(asc(rtmCalls.callDate), asc(rtmCalls.id));
  return rows.map(toJson);
};

/** One call as the log shows it. */
export const oneCall = async (db: Database, callId: number): Promise<CallJson | undefined> => {
  const [row] = await db.select(callColumns).from(rtmCalls).innerJoin(users, eq(users.id, rtmCalls.takenByUserId)).where(eq(rtmCalls.id, callId)).limit(1);
  return row === undefined ? undefined : toJson(row);
};
