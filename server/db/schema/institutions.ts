import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { SUPPLY_KINDS } from "../../../domain/billing/rtm-codes.ts";
import { oneOf } from "./one-of.ts";
import { recordVersion } from "./record-version.ts";
import { createdAt, updatedAt } from "./timestamps.ts";

/** An organisation (clinic, hospital) whose staff and patients use the portal. */
export const institutions = pgTable(
  "institutions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /**
     * The IANA time zone (e.g. America/New_York) whose calendar days are the institution's: a
     * remote-monitoring data day (patient_data_days, migration 0018) is a day of this calendar. A
     * trigger refuses a name PostgreSQL does not know and recomputes the days when it changes.
     */
    timeZone: text("time_zone").notNull().default("America/New_York"),
    /**
     * The remote-monitoring device supply kind the institution bills under (SUPPLY_KINDS in
     * domain/billing/rtm-codes.ts). Null until the institution chooses: which kind fits speech and
     * cognitive exercise is a payer question, so no default is assumed.
     */
    rtmSupplyKind: text("rtm_supply_kind"),
    version: recordVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // ERROR_024 "The name already exists" compares names without regard to case.
  (t) => [
    uniqueIndex("institutions_name_lower_key").on(sql`lower(${t.name})`),
    oneOf("institutions_rtm_supply_kind_check", t.rtmSupplyKind, SUPPLY_KINDS),
  ],
);

/**
 * E-mail domains whose addresses may join the institution (ERROR_020/022). A child table rather
 * than an array so "which institution owns this domain" is an indexed lookup.
 */
export const institutionAllowedDomains = pgTable(
  "institution_allowed_domains",
  {
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.institutionId, t.domain] }),
    index("institution_allowed_domains_domain_idx").on(t.domain),
  ],
);
