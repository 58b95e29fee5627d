import { boolean, integer, pgTable } from "drizzle-orm/pg-core";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A patient's remote-monitoring settings (issue 24): whether the patient is on remote physiological
 * monitoring (RPM), which RTM is never billed with in the same month. A row only once someone set
 * it; no row reads as "not on RPM". Kept apart from `patients` so the flag moves no patient
 * version (a patient edit open elsewhere is not refused because of it) and no patient counter.
 */
export const patientRtmSettings = pgTable("patient_rtm_settings", {
  patientId: integer("patient_id")
    .primaryKey()
    .references(() => patients.id),
  physiologicalMonitoring: boolean("physiological_monitoring").notNull().default(false),
  updatedBy: integer("updated_by").references(() => users.id),
  updatedAt: instant("updated_at").notNull(),
});
