import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { BILLING_STATUSES } from "../../../domain/billing/billing-status.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { patients } from "./patients.ts";
import { staff } from "./users.ts";

const NAME_KEY = (column: unknown) => sql`${column} collate "C"`;

/**
 * A patient's remote-monitoring status for one month, kept ahead of the read so the /rtm list can
 * filter and sort by status at 100,000 patients (issue 24, docs/billing.md "/rtm"). Worked out by the
 * server through the domain's monthStatus (server/features/billing/rtm-status-store.ts), never by SQL.
 * Triggers (migration 0022) mark a row stale (and move `generation`) when the patient's data days,
 * time entries or calls change, keep `staff_id` and `name_key` with the patient, and delete the rows
 * of an archived patient or one moved to another institution. A row is fresh while not stale and
 * today (the institution's day) is before `valid_until` (null: the status never moves with the date
 * alone; domain statusValidUntil). `name_key` is the list's name order, patient_fold(first_name).
 * `line` (migration 0038) is the month's claim line as the same judgement decided it, so month-end
 * totals are sums over these rows in SQL and its CSV a read of them (docs/billing.md "Month-end").
 */
export const rtmMonthStatuses = pgTable(
  "rtm_month_statuses",
  {
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    nameKey: text("name_key").notNull(),
    status: text("status").notNull(),
    /** The status's place in BILLING_STATUSES (0 blocked … 4 no activity): the list's status order. */
    statusRank: smallint("status_rank").notNull(),
    stale: boolean("stale").notNull().default(true),
    /** Moved by every change that makes the row stale: a refresh writes only over the generation it read. */
    generation: integer("generation").notNull().default(0),
    computedOn: date("computed_on", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    /**
     * The month's CSV line facts and claim codes (domain MonthLineFacts: period, data days, minutes,
     * call days, codes, billable), stored with the status by the same judgement; null on a placeholder.
     * Every fresh row holds one (the check), so a sum over fresh rows is the month's totals.
     */
    line: jsonb("line").$type<{ readonly [key: string]: unknown }>(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.month] }),
    check("rtm_month_statuses_line_check", sql`${t.stale} or ${t.line} is not null`),
    check("rtm_month_statuses_month_check", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    oneOf("rtm_month_statuses_status_check", t.status, BILLING_STATUSES),
    check(
      "rtm_month_statuses_rank_check",
      sql`${t.statusRank} = array_position(array[${sql.raw(BILLING_STATUSES.map((status) => `'${status}'`).join(", "))}]::text[], ${t.status}) - 1`,
    ),
    // One institution's month by status then name (the status filter and the status order), and the
    // same with the statuses reversed but names still A to Z; the caseload pair for an SLP.
    index("rtm_month_statuses_list_idx").on(t.institutionId, t.month, t.statusRank, NAME_KEY(t.nameKey), t.patientId),
    index("rtm_month_statuses_list_desc_idx").on(t.institutionId, t.month, t.statusRank.desc().nullsFirst(), NAME_KEY(t.nameKey), t.patientId),
    index("rtm_month_statuses_caseload_idx").on(t.staffId, t.month, t.statusRank, NAME_KEY(t.nameKey), t.patientId),
    index("rtm_month_statuses_caseload_desc_idx").on(t.staffId, t.month, t.statusRank.desc().nullsFirst(), NAME_KEY(t.nameKey), t.patientId),
  ],
);

/**
 * How many fresh-as-of-a-day statuses each institution's month holds, per SLP (`staff_key`: the
 * staff id, 0 for none, -1 the whole institution), status rank and `valid_until` (`infinity` for
 * none), kept exact on write by a statement trigger on rtm_month_statuses (migration 0042, issue 36).
 * Only rows that are not stale count. A status is fresh today while today is before its
 * valid_until, so the /rtm page's count per status is a sum over the rows of this table whose
 * valid_until is after today: a few dozen rows (a month has at most ~35 distinct days), instead
 * of a scan of the month's 100,000 statuses on every status-filtered read. `npm run
 * db:check-counters` recounts it from rtm_month_statuses.
 */
export const rtmStatusCounts = pgTable(
  "rtm_status_counts",
  {
    // No foreign key: an institution's deletion cascades to its statuses, whose trigger then writes
    // here, and a key would refuse those rows of a gone institution.
    institutionId: integer("institution_id").notNull(),
    month: text("month").notNull(),
    staffKey: integer("staff_key").notNull(),
    statusRank: smallint("status_rank").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ name: "rtm_status_counts_pk", columns: [t.institutionId, t.month, t.staffKey, t.statusRank, t.validUntil] })],
);
