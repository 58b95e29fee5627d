import { type SQL, and, asc, desc, eq, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { IsoMonth } from "../../../domain/billing/index.ts";
import type { RtmListResponse, RtmOrdering } from "../../../domain/billing/rtm-list-wire.ts";
import type { Database } from "../../db/database.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type PatientSlice, sliceCondition } from "../patients/index.ts";
import { rtmMonthContext, rtmMonthRows } from "./rtm-month-rows.ts";

type ResponseJson = RtmListResponse;

/**
 * The /rtm list (issue 24): one page of the slice's patients by the patients' own name indexes
 * (patients_list_name_idx, patients_caseload_name_idx), its count from patient_counts, then for
 * that page only, the month's rows by patient id (rtmMonthRows: five indexed reads, never a scan of
 * game_sessions, the status the domain's per row), whatever the institution's size.
 */

export type RtmListAsk = {
  readonly month: IsoMonth | undefined;
  readonly page: number;
  readonly pageSize: number;
  readonly slp: number | undefined;
  readonly ordering: RtmOrdering | undefined;
};

const slpUsers = alias(users, "slp_users");
const NAME = sql`patient_fold(${patients.firstName}) collate "C"`;

const orderOf = (ordering: RtmOrdering | undefined): SQL[] =>
  ordering === "-name" ? [desc(NAME), desc(patients.id)] : [asc(NAME), asc(patients.id)];

/** How many patients the list holds: the sum of at most six patient_counts rows the triggers keep exact. */
const countOf = async (db: Database, institutionId: number, staffKey: number): Promise<number> => {
  const [row] = await db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, institutionId), eq(patientCounts.staffKey, staffKey)));
  return row?.total ?? 0;
};

/** One page of the /rtm list for the caller's slice, as of `now`. */
export const rtmListPage = async (db: Database, slice: PatientSlice, ask: RtmListAsk, now: Date): Promise<ResponseJson> => {
  const context = await rtmMonthContext(db, slice.institutionId, ask.month, now);
  const { month, today } = context;

  // An SLP reaches only their caseload: asking for another SLP's gives an empty list, not theirs.
  const clash = slice.staffId !== null && ask.slp !== undefined && ask.slp !== slice.staffId;
  const staffId = slice.staffId ?? ask.slp ?? null;
  const empty = { current_page: ask.page, total_pages: 0, count: 0, results: [], month, today };
  if (clash) return empty;
  const total = await countOf(db, slice.institutionId, staffId ?? -1);
  const answer = { ...empty, total_pages: Math.ceil(total / ask.pageSize), count: total };
  const start = (ask.page - 1) * ask.pageSize;
  if (start >= total) return answer;

  const page = await db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthdate: patients.birthdate,
      staffId: staff.id,
      slpFirst: slpUsers.firstName,
      slpLast: slpUsers.lastName,
    })
    .from(patients)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(slpUsers, eq(slpUsers.id, staff.userId))
    .where(sliceCondition({ institutionId: slice.institutionId, staffId }))
    .orderBy(...orderOf(ask.ordering))
    .limit(ask.pageSize)
    .offset(start);
  if (page.length === 0) return answer;
  const results = (await rtmMonthRows(db, context, page)).map((judged) => judged.row);
  return { ...answer, results };
};
