import { and, asc, between, desc, eq, inArray, isNull, lt, lte, min, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDays, type IsoDay, type IsoMonth, judgeMonth, lastDayOf, type MonthJudgement, SUPPLY_KINDS, type SupplyKind } from "../../../domain/billing/index.ts";
import type { RtmRow } from "../../../domain/billing/rtm-list-wire.ts";
import type { PatientId, StaffId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmSetupBilled } from "../../db/schema/month-close.ts";
import { patientRtmSettings } from "../../db/schema/rtm-settings.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { rtmCalls, rtmTimeEntries } from "../../db/schema/time-log.ts";
import { staff, users } from "../../db/schema/users.ts";
import { type PatientSlice, sliceCondition } from "../../http/patient-scope.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";

type RowJson = RtmRow;

/**
 * One month of remote-monitoring billing for a set of patients (issue 24), shared by the /rtm page,
 * the month-end export and anything else that judges many patients at once: for the given ids only,
 * seven indexed reads (the first data day, the data days around the month by patient_data_days' key,
 * the month's live time entries, the month's calls, the last call, set-up billed in earlier locked
 * months, the physiological-monitoring flags), then the domain's one judge (judgeMonth) per patient:
 * the row's status and codes and the month-end's CSV line come from that one judgement.
 * game_sessions is never read.
 */

/** The institution's calendar and settings a month is judged with. */
export type RtmMonthContext = {
  readonly institutionId: number;
  readonly timeZone: string;
  /** The institution's supply kind, or null while not chosen (a month with a supply code due is then blocked, with the reason). */
  readonly kind: SupplyKind | null;
  readonly today: IsoDay;
  readonly month: IsoMonth;
  readonly first: IsoDay;
  readonly last: IsoDay;
};

const isSupplyKind = (value: string | null): value is SupplyKind => value !== null && (SUPPLY_KINDS as readonly string[]).includes(value);

/** The month (the institution's current one unless asked) and the institution's calendar as of `now`. */
export const rtmMonthContext = async (db: Database, institutionId: number, month: IsoMonth | undefined, now: Date): Promise<RtmMonthContext> => {
  const [institution] = await db
    .select({ timeZone: institutions.timeZone, supplyKind: institutions.rtmSupplyKind })
    .from(institutions)
    .where(eq(institutions.id, institutionId))
    .limit(1);
  const timeZone = institution?.timeZone ?? "UTC";
  const supplyKind = institution?.supplyKind ?? null;
  const today = calendarDayIn(now, timeZone);
  const chosen = month ?? (today.slice(0, 7) as IsoMonth);
  return { institutionId, timeZone, kind: isSupplyKind(supplyKind) ? supplyKind : null, today, month: chosen, first: `${chosen}-01`, last: lastDayOf(chosen) };
};

/** A patient as the month's rows need them: name, birth date and assigned SLP. */
export type RtmPatient = {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly birthdate: string;
  readonly staffId: number | null;
  readonly slpFirst: string | null;
  readonly slpLast: string | null;
};

const slpUsers = alias(users, "slp_users");

/** The list's name order key (patients_list_name_idx, patients_caseload_name_idx): the folded first name, byte order. */
export const RTM_NAME_KEY = sql`patient_fold(${patients.firstName}) collate "C"`;

/**
 * The slice's patients as rtmMonthRows needs them (name, birth date, assigned SLP), a query the
 * caller orders and pages (the /rtm page by one page), or narrows with `also` (the month-end by one
 * batch of ids at a time).
 */
export const slicePatients = (db: Database, slice: PatientSlice, also?: SQL) =>
  db
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
    .where(also === undefined ? sliceCondition(slice) : and(sliceCondition(slice), also))
    .$dynamic();

/** A patient's month: the /rtm row and the domain's judgement it was drawn from (claim lines and CSV line included). */
export type RtmMonthRow = {
  readonly row: RowJson;
  readonly status: MonthJudgement;
};

/** The month's rows for these patients, in their order. */
export const rtmMonthRows = async (db: Database, context: RtmMonthContext, page: readonly RtmPatient[]): Promise<RtmMonthRow[]> => {
  if (page.length === 0) return [];
  const { timeZone, kind, today, month, first, last } = context;
  const ids = page.map((row) => row.id);
  const zone = sql`${timeZone}`;
  const windowStart = addDays(first, -60);
  const [starts, days, entries, calls, lastCalls, setups, onRpm] = await Promise.all([
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
    // Set-up (98975) recorded as billed when an earlier month was locked (its primary key: patient, month).
    db
      .select({ patientId: rtmSetupBilled.patientId, episodeStart: rtmSetupBilled.episodeStart })
      .from(rtmSetupBilled)
      .where(and(inArray(rtmSetupBilled.patientId, ids), lt(rtmSetupBilled.month, month))),
    // The patients flagged as on remote physiological monitoring (patient_rtm_settings' key).
    db
      .select({ patientId: patientRtmSettings.patientId })
      .from(patientRtmSettings)
      .where(and(inArray(patientRtmSettings.patientId, ids), eq(patientRtmSettings.physiologicalMonitoring, true))),
  ]);

  // Grouped in one pass (a row is pushed, never the array copied: an export judges 100,000 patients).
  const byPatient = <A extends { patientId: number }>(rows: readonly A[]): Map<number, A[]> => {
    const map = new Map<number, A[]>();
    for (const row of rows) {
      const own = map.get(row.patientId);
      if (own === undefined) map.set(row.patientId, [row]);
      else own.push(row);
    }
    return map;
  };
  const startOf = new Map(starts.map((row) => [row.patientId, row.day]));
  const daysOf = byPatient(days);
  const entriesOf = byPatient(entries);
  const callsOf = byPatient(calls);
  const lastCallOf = new Map(lastCalls.map((row) => [row.patientId, row]));
  const onPhysiological = new Set(onRpm.map((row) => row.patientId));
  const setupBilled = new Set(setups.map((row) => `${row.patientId} ${row.episodeStart}`));

  return page.map((row): RtmMonthRow => {
    const own = daysOf.get(row.id) ?? [];
    const status = judgeMonth({
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
      // Null while the institution has not chosen: a month with a supply code due is then blocked and says why.
      supplyKind: kind,
      // Set-up (98975) rides with the episode's first billed period: billed before when a locked earlier
      // month of this episode recorded it (rtm_setup_billed); and, the days read here holding the whole
      // episode only when monitoring started inside them, an episode that started before them is taken to
      // have billed it (never claim it twice; docs/billing.md, "/rtm" and "Month-end").
      setupBilledBefore: setupBilled.has(`${row.id} ${startOf.get(row.id) ?? ""}`) || (startOf.get(row.id) ?? windowStart) < windowStart,
      // A flag per patient (patient_rtm_settings): while set, every month judged is blocked.
      physiologicalMonitoring: onPhysiological.has(row.id),
    });
    const period = status.currentPeriod;
    const lastCall = lastCallOf.get(row.id);
    const json: RowJson = {
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
      codes: status.codes,
      status: status.status,
      missing: status.missing.map((item) => item.text),
    };
    return { row: json, status };
  });
};
