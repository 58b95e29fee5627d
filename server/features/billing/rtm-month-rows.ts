import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDays, type IsoDay, type IsoMonth, judgeMonth, lastDayOf, type MonthJudgement, monthStatusAlone, type MonthStatusAlone, type PatientMonth, SUPPLY_KINDS, type SupplyKind } from "../../../domain/billing/index.ts";
import type { RtmRow } from "../../../domain/billing/rtm-list-wire.ts";
import type { PatientId, StaffId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { preparedOnce, typedPlaceholder } from "../../db/prepared.ts";
import { type PatientSlice, sliceCondition } from "../../http/patient-scope.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import { dayListsOf } from "./data-day-list.ts";

type RowJson = RtmRow;

/**
 * One month of remote-monitoring billing for a set of patients (issue 24), shared by the /rtm page,
 * the month-end export and anything else that judges many patients at once: for the given ids only,
 * one statement of seven indexed reads per patient (the first data day, the data days around the
 * month by patient_data_days' key, the month's live time entries, the month's calls, the last call,
 * set-up billed in earlier locked months, the physiological-monitoring flag), then the domain's one
 * judge (judgeMonth) per patient:
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

/** An RtmPatient's columns: the patient's, their staff row's (`staff`) and that SLP's user's (`slp_users`). */
const RTM_PATIENT_COLUMNS = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  birthdate: patients.birthdate,
  staffId: staff.id,
  slpFirst: slpUsers.firstName,
  slpLast: slpUsers.lastName,
};

/**
 * The slice's patients as rtmMonthRows needs them (name, birth date, assigned SLP), a query the
 * caller orders or narrows with `also` (the month-end's tests judge the whole slice at once with it;
 * the /rtm page reads its patients with patientsOfPage).
 */
export const slicePatients = (db: Database, slice: PatientSlice, also?: SQL) =>
  db
    .select(RTM_PATIENT_COLUMNS)
    .from(patients)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(slpUsers, eq(slpUsers.id, staff.userId))
    .where(also === undefined ? sliceCondition(slice) : and(sliceCondition(slice), also))
    .$dynamic();

/**
 * One page of the slice's patients as the month's rows need them, with each one's name key (the
 * name order's cursor), in one statement: `pageIds` (a subquery of the page's ids and name keys, in
 * the page's order and no longer than a page) joined to the patients' names and SLP. The join runs
 * for the page's rows only, never for those an offset skips. Ordered by `order` (the page's order,
 * over `patients`' columns).
 */
export const patientsOfPage = (db: Database, pageIds: SQL, order: readonly SQL[]) =>
  db
    .select({ ...RTM_PATIENT_COLUMNS, nameKey: sql<string>`page_ids.name_key` })
    .from(sql`(${pageIds}) as page_ids`)
    .innerJoin(patients, sql`${patients.id} = page_ids.id`)
    .leftJoin(staff, eq(staff.id, patients.assignedStaffId))
    .leftJoin(slpUsers, eq(slpUsers.id, staff.userId))
    .orderBy(...order);

/** A patient's month: the /rtm row and the domain's judgement it was drawn from (claim lines and CSV line included). */
export type RtmMonthRow = {
  readonly row: RowJson;
  readonly status: MonthJudgement;
};

/** What the one statement of rtmMonthRows reads for a patient, decoded. */
type PatientReads = {
  readonly start: IsoDay | null;
  /** The data days around the month, oldest first (read as day numbers: a date's text costs the database twice an integer's)… */
  readonly days: readonly IsoDay[];
  /** …and each one's sessions, at the same place (no object per day: most judgements never ask). */
  readonly sessions: readonly number[];
  readonly entries: ReadonlyArray<{ readonly at: number; readonly minutes: number; readonly clinician: number; readonly day: IsoDay }>;
  readonly calls: ReadonlyArray<{ readonly day: IsoDay; readonly minutes: number }>;
  readonly lastCall: { readonly day: IsoDay; readonly minutes: number } | null;
  /** Episode starts whose set-up an earlier locked month recorded as billed. */
  readonly setups: readonly string[];
  readonly onRpm: boolean;
};

const jsonOf = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);
const listOf = (value: unknown): string[] => (typeof value === "string" && value !== "" ? value.split(",") : []);

/** One patient's reads from their row of the statement (the database's own types, so no decode beyond the shapes it builds). */
const readsOf = (row: Record<string, unknown>): PatientReads => ({
  start: row.start === null || row.start === undefined ? null : String(row.start),
  ...dayListsOf(row.days),
  entries: (jsonOf(row.entries) as PatientReads["entries"] | null) ?? [],
  calls: (jsonOf(row.calls) as PatientReads["calls"] | null) ?? [],
  lastCall: (jsonOf(row.last_call) as PatientReads["lastCall"]) ?? null,
  setups: listOf(row.setups),
  onRpm: row.on_rpm === true,
});

const monthReadsStatement = preparedOnce((db) => {
  const timeZone = typedPlaceholder("timeZone", "text");
  const first = typedPlaceholder("first", "date");
  const last = typedPlaceholder("last", "date");
  return db
    .select({
      id: sql<number>`u.id`,
      start: sql<string | null>`(select min(d.day)::text from patient_data_days d where d.patient_id = u.id)`,
      days: sql<string | null>`(select string_agg((d.day - date '1970-01-01')::text || ':' || d.sessions, ',' order by d.day) from patient_data_days d
        where d.patient_id = u.id and d.day between ${typedPlaceholder("windowStart", "date")} and ${typedPlaceholder("windowEnd", "date")})`,
      entries: sql<unknown>`(select json_agg(json_build_object('at', floor(extract(epoch from e.started_at) * 1000), 'minutes', e.minutes,
                                         'clinician', e.clinician_user_id, 'day', to_char(e.started_at at time zone ${timeZone}, 'YYYY-MM-DD')))
        from rtm_time_entries e
        where e.patient_id = u.id and e.deleted_at is null
          and e.started_at >= (${first})::timestamp at time zone ${timeZone}
          and e.started_at < ((${first} + interval '1 month')::timestamp) at time zone ${timeZone})`,
      calls: sql<unknown>`(select json_agg(json_build_object('day', c.call_date::text, 'minutes', c.minutes) order by c.call_date, c.id) from rtm_calls c
        where c.patient_id = u.id and c.call_date between ${first} and ${last})`,
      last_call: sql<unknown>`(select json_build_object('day', c.call_date::text, 'minutes', c.minutes) from rtm_calls c
        where c.patient_id = u.id and c.call_date <= ${last} order by c.call_date desc, c.id desc limit 1)`,
      setups: sql<string | null>`(select string_agg(s.episode_start::text, ',') from rtm_setup_billed s where s.patient_id = u.id and s.month < ${typedPlaceholder("month", "text")})`,
      on_rpm: sql<boolean>`exists (select 1 from patient_rtm_settings r where r.patient_id = u.id and r.physiological_monitoring)`,
    })
    .from(sql`unnest(${typedPlaceholder("ids", "int[]")}) as u(id)`)
    .prepare("rtm_month_reads");
});

/**
 * The reads of a batch of patients in one statement, one row per patient (issue 36): the first data
 * day, the data days around the month (as one "day:sessions,…" text), the month's live time entries
 * and calls and the last call (as JSON), set-up billed in earlier locked months and the
 * physiological-monitoring flag, each by its table's patient index. One round trip, and a row per
 * patient rather than per data day, where seven queries cost the month-end most of its time.
 * Prepared once per connection (server/db/prepared.ts): planning it was a quarter of its time on
 * the database, 5 of 19 ms a batch of 500, paid 200 times by a cold month-end at 100,000 patients.
 */
const readPatients = async (db: Database, context: RtmMonthContext, ids: readonly number[], windowStart: IsoDay): Promise<Map<number, PatientReads>> => {
  const { timeZone, month, first, last } = context;
  const rows = await monthReadsStatement(db).execute({ ids: `{${ids.join(",")}}`, timeZone, first, last, windowStart, windowEnd: addDays(last, 30), month });
  return new Map(rows.map((row) => [Number(row.id), readsOf(row)] as const));
};

/** What a batch of patients' month is judged from: read by readMonthRows, judged by judgeMonthRows. */
export type MonthReads = { readonly windowStart: IsoDay; readonly reads: ReadonlyMap<number, PatientReads> };

/** The reads of these patients' month (one statement), to judge later with judgeMonthRows. */
export const readMonthRows = async (db: Database, context: RtmMonthContext, page: readonly RtmPatient[]): Promise<MonthReads> => {
  const windowStart = addDays(context.first, -60);
  if (page.length === 0) return { windowStart, reads: new Map() };
  return { windowStart, reads: await readPatients(db, context, page.map((row) => row.id), windowStart) };
};

/** The month's rows for these patients, in their order. */
export const rtmMonthRows = async (db: Database, context: RtmMonthContext, page: readonly RtmPatient[]): Promise<RtmMonthRow[]> =>
  judgeMonthRows(context, page, await readMonthRows(db, context, page));

const NONE: PatientReads = { start: null, days: [], sessions: [], entries: [], calls: [], lastCall: null, setups: [], onRpm: false };

/** One patient's month as the domain's rules take it, from their reads. */
const patientMonthOf = (context: RtmMonthContext, read: PatientReads, windowStart: IsoDay): PatientMonth => {
  const start = read.start;
  return {
    month: context.month,
    today: context.today,
    monitoringStart: start,
    dataDays: read.days,
    timeEntries: read.entries.map((entry) => ({
      start: new Date(entry.at).toISOString(),
      minutes: entry.minutes,
      day: entry.day,
      clinicianId: String(entry.clinician),
    })),
    calls: read.calls.map((call) => ({ day: call.day, minutes: call.minutes })),
    // Null while the institution has not chosen: a month with a supply code due is then blocked and says why.
    supplyKind: context.kind,
    // Set-up (98975) rides with the episode's first billed period: billed before when a locked earlier
    // month of this episode recorded it (rtm_setup_billed); and, the days read here holding the whole
    // episode only when monitoring started inside them, an episode that started before them is taken to
    // have billed it (never claim it twice; docs/billing.md, "/rtm" and "Month-end").
    setupBilledBefore: (start !== null && read.setups.includes(start)) || (start ?? windowStart) < windowStart,
    // A flag per patient (patient_rtm_settings): while set, every month judged is blocked.
    physiologicalMonitoring: read.onRpm,
  };
};

/** The domain's judgement of one patient's month from their reads (no I/O). */
const judgeRead = (context: RtmMonthContext, read: PatientReads, windowStart: IsoDay): MonthJudgement => judgeMonth(patientMonthOf(context, read, windowStart));

/** A patient's month judged, with the episode's first day its stored line keeps. */
export type JudgedMonth = { readonly id: number; readonly status: MonthJudgement; readonly monitoringStart: IsoDay | null };

/**
 * These patients' judgements alone, in their order (no I/O): what the month-end and the stored
 * lines need, without the /rtm row each (its names and day lists were most of a cold month-end's garbage).
 */
export const judgeMonths = (context: RtmMonthContext, page: readonly RtmPatient[], { windowStart, reads }: MonthReads): JudgedMonth[] =>
  page.map((row) => {
    const read = reads.get(row.id) ?? NONE;
    return { id: row.id, status: judgeRead(context, read, windowStart), monitoringStart: read.start };
  });

/**
 * These patients' statuses and claim lines alone, in their order (no I/O): all the month-end's totals
 * count, without the words of what is missing, the codes shown or the CSV line (issue 36).
 */
export const judgeStatuses = (context: RtmMonthContext, page: readonly RtmPatient[], { windowStart, reads }: MonthReads): MonthStatusAlone[] =>
  page.map((row) => monthStatusAlone(patientMonthOf(context, reads.get(row.id) ?? NONE, windowStart)));

/** The month's rows for these patients, in their order, judged from their reads (no I/O). */
export const judgeMonthRows = (context: RtmMonthContext, page: readonly RtmPatient[], { windowStart, reads }: MonthReads): RtmMonthRow[] =>
  page.map((row): RtmMonthRow => {
    const read = reads.get(row.id) ?? NONE;
    const own = read.days;
    const start = read.start;
    const status = judgeRead(context, read, windowStart);
    const period = status.currentPeriod;
    const lastCall = read.lastCall;
    const json: RowJson = {
      patient: { id: row.id as PatientId, first_name: row.firstName, last_name: row.lastName, date_of_birth: row.birthdate },
      slp: row.staffId === null ? null : { id: row.staffId as StaffId, name: `${row.slpFirst ?? ""} ${row.slpLast ?? ""}`.trim() },
      monitoring_start: start,
      current_period:
        period === null
          ? null
          : {
              start: period.start,
              end: period.end,
              data_days: period.dataDays.length,
              days: own.flatMap((day, at) => (day >= period.start && day <= period.end ? [{ day, sessions: read.sessions[at] ?? 0 }] : [])),
            },
      minutes_this_month: status.management.minutes,
      last_call: lastCall === null ? null : { date: lastCall.day, minutes: lastCall.minutes },
      codes: status.codes,
      status: status.status,
      missing: status.missing.map((item) => item.text),
    };
    return { row: json, status };
  });
