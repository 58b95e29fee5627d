import { type SQL, and, asc, desc, eq, inArray, isNull, min, sql, sum, between, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  addDays,
  type IsoDay,
  type IsoMonth,
  lastDayOf,
  monthStatus,
  SLP_MODIFIER,
  supplyCode,
  SUPPLY_KINDS,
  type SupplyKind,
} from "../../../domain/billing/index.ts";
import type { RtmListResponse, RtmOrdering } from "../../../domain/billing/rtm-list-wire.ts";
import type { PatientId, StaffId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type PatientSlice, sliceCondition } from "../patients/index.ts";
import { calendarDayIn } from "./data-days-queries.ts";

type ResponseJson = RtmListResponse;
type RowJson = ResponseJson["results"][number];

/**
 * The /rtm list (issue 24): one page of the slice's patients by the patients' own name indexes
 * (patients_list_name_idx, patients_caseload_name_idx), its count from patient_counts, then for
 * that page only, by patient id: the first data day (monitoring start), the data days around the
 * month (patient_data_days' key), the month's live time entries (rtm_time_entries_patient_idx),
 * the month's calls and the last call (rtm_calls_patient_idx). Never a scan of game_sessions; the
 * status is the domain's, per row. Five indexed reads per page whatever the institution's size.
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

const isSupplyKind = (value: string | null): value is SupplyKind => value !== null && (SUPPLY_KINDS as readonly string[]).includes(value);

/** One page of the /rtm list for the caller's slice, as of `now`. */
export const rtmListPage = async (db: Database, slice: PatientSlice, ask: RtmListAsk, now: Date): Promise<ResponseJson> => {
  const [institution] = await db
    .select({ timeZone: institutions.timeZone, supplyKind: institutions.rtmSupplyKind })
    .from(institutions)
    .where(eq(institutions.id, slice.institutionId))
    .limit(1);
  const timeZone = institution?.timeZone ?? "UTC";
  const kind = isSupplyKind(institution?.supplyKind ?? null) ? (institution?.supplyKind as SupplyKind) : null;
  const today = calendarDayIn(now, timeZone);
  const month = ask.month ?? today.slice(0, 7);
  const first: IsoDay = `${month}-01`;
  const last = lastDayOf(month);

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
  const ids = page.map((row) => row.id);

  const zone = sql`${timeZone}`;
  const windowStart = addDays(first, -60);
  const [starts, days, entries, calls, lastCalls] = await Promise.all([
    db
      .select({ patientId: patientDataDays.patientId, day: min(patientDataDays.day) })
      .from(patientDataDays)
      .where(inArray(patientDataDays.patientId, ids))
      .groupBy(patientDataDays.patientId),
    // The periods a month's status reads: those ending in it (from 30 days before) to the one holding its last day.
    db
      .select({ patientId: patientDataDays.patientId, day: patientDataDays.day, sessions: patientDataDays.sessions })
      .from(patientDataDays)
      .where(and(inArray(patientDataDays.patientId, ids), between(patientDataDays.day, windowStart, addDays(last, 30))))
      .orderBy(asc(patientDataDays.patientId), asc(patientDataDays.day)),
    db
      .select({
        patientId: rtmTimeEntries.patientId,
        startedAt: rtmTimeEntries.startedAt,
        minutes: rtmTimeEntries.minutes,
        clinician: rtmTimeEntries.clinicianUserId,
        day: sql<string>`to_char(${rtmTimeEntries.startedAt} at time zone ${zone}, 'YYYY-MM-DD')`,
      })
      .from(rtmTimeEntries)
      .where(
        and(
          inArray(rtmTimeEntries.patientId, ids),
          isNull(rtmTimeEntries.deletedAt),
          sql`${rtmTimeEntries.startedAt} >= (${first}::date)::timestamp at time zone ${zone}`,
          sql`${rtmTimeEntries.startedAt} < ((${first}::date + interval '1 month')::timestamp) at time zone ${zone}`,
        ),
      ),
    db
      .select({ patientId: rtmCalls.patientId, day: rtmCalls.callDate, minutes: rtmCalls.minutes })
      .from(rtmCalls)
      .where(and(inArray(rtmCalls.patientId, ids), between(rtmCalls.callDate, first, last))),
    db
      .selectDistinctOn([rtmCalls.patientId], { patientId: rtmCalls.patientId, day: rtmCalls.callDate, minutes: rtmCalls.minutes })
      .from(rtmCalls)
      .where(and(inArray(rtmCalls.patientId, ids), lte(rtmCalls.callDate, last)))
      .orderBy(rtmCalls.patientId, desc(rtmCalls.callDate), desc(rtmCalls.id)),
  ]);

  const byPatient = <A extends { patientId: number }>(rows: readonly A[]): Map<number, A[]> => {
    const map = new Map<number, A[]>();
    for (const row of rows) map.set(row.patientId, [...(map.get(row.patientId) ?? []), row]);
    return map;
  };
  const startOf = new Map(starts.map((row) => [row.patientId, row.day]));
  const daysOf = byPatient(days);
  const entriesOf = byPatient(entries);
  const callsOf = byPatient(calls);
  const lastCallOf = new Map(lastCalls.map((row) => [row.patientId, row]));

  const results: RowJson[] = page.map((row) => {
    const own = daysOf.get(row.id) ?? [];
    const status = monthStatus({
      month,
      today,
      monitoringStart: startOf.get(row.id) ?? null,
      dataDays: own.map((day) => day.day),
      timeEntries: (entriesOf.get(row.id) ?? []).map((entry) => ({
        start: entry.startedAt.toISOString(),
        minutes: entry.minutes,
        day: entry.day,
        clinicianId: String(entry.clinician),
      })),
      calls: (callsOf.get(row.id) ?? []).map((call) => ({ day: call.day, minutes: call.minutes })),
      // The kind only names the supply code; the status is the same under every kind.
      supplyKind: kind ?? "musculoskeletal",
      // Set-up (98975) rides with the episode's first billed period: the days read here hold the whole
      // episode only when monitoring started inside them; before that, an earlier period is taken to
      // have billed it (never claim it twice; docs/billing.md, "/rtm").
      setupBilledBefore: (startOf.get(row.id) ?? windowStart) < windowStart,
      // Not kept yet: remote physiological monitoring (docs/billing.md, "/rtm").
      physiologicalMonitoring: false,
    });
    const period = status.currentPeriod;
    const lastCall = lastCallOf.get(row.id);
    const codes = [
      ...status.lines.filter((line) => kind !== null || line.kind !== "supply").map((line) => ({ code: line.code, units: line.units, modifier: line.modifier })),
      ...(period !== null && period.tier !== null && kind !== null && !status.lines.some((line) => line.kind === "supply" && line.from === period.start)
        ? [{ code: supplyCode(kind, period.tier), units: 1, modifier: SLP_MODIFIER }]
        : []),
      ...(status.management.hasLiveCall ? [] : status.management.supported.map((code) => ({ code: code.code, units: code.units, modifier: SLP_MODIFIER }))),
    ];
    return {
      patient: { id: row.id as PatientId, first_name: row.firstName, last_name: row.lastName, date_of_birth: row.birthdate },
      slp: row.staffId === null ? null : { id: row.staffId as StaffId, name: `${row.slpFirst ?? ""} ${row.slpLast ?? ""}`.trim() },
      monitoring_start: startOf.get(row.id) ?? null,
      current_period:
        period === null
          ? null
          : {
              start: period.start,
              end: period.end,
              data_days: period.dataDays.length,
              days: own.filter((day) => day.day >= period.start && day.day <= period.end).map((day) => ({ day: day.day, sessions: day.sessions })),
            },
      minutes_this_month: status.management.minutes,
      last_call: lastCall === undefined ? null : { date: lastCall.day, minutes: lastCall.minutes },
      codes,
      status: status.status,
      missing: status.missing.map((item) => item.text),
    };
  });
  return { ...answer, results };
};
