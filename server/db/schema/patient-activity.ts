import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";

/**
 * The counters an arriving session moves, one row per patient (migration 0039, docs/database.md
 * "Counters kept on write"): the patient's sessions not yet reviewed and the start of their latest
 * session, kept by the triggers on game_sessions. They lived on the patient row until then, so
 * each arrival rewrote the patient and all its indexes (trigram and names included) and fired
 * every trigger on patients; here an arrival updates this narrow row and the dashboard's indexes.
 * The patient's columns the dashboard orders and filters by (institution, SLP, status, review
 * state, archive, last change) are copies a trigger on patients keeps (patient_activity_follow).
 */
export const patientActivity = pgTable(
  "patient_activity",
  {
    patientId: integer("patient_id")
      .primaryKey()
      .references(() => patients.id, { onDelete: "cascade" }),
    institutionId: integer("institution_id").notNull(),
    assignedStaffId: integer("assigned_staff_id"),
    status: text("status").$type<PatientStatus>().notNull(),
    reviewed: boolean("reviewed").notNull(),
    archivedAt: instant("archived_at"),
    updatedAt: instant("updated_at").notNull(),
    pendingSessions: integer("pending_sessions").notNull().default(0),
    lastSessionAt: instant("last_session_at"),
  },
  (t) => [
    // The dashboard's order (patients with sessions to review first, then the latest change or
    // session) per institution and per caseload, so a page is an index range at any size.
    index("patient_activity_dashboard_idx")
      .on(t.institutionId, sql`(${t.pendingSessions} > 0) desc`, sql`greatest(${t.updatedAt}, ${t.lastSessionAt}) desc`, t.patientId)
      .where(sql`${t.archivedAt} is null`),
    index("patient_activity_caseload_dashboard_idx")
      .on(t.assignedStaffId, sql`(${t.pendingSessions} > 0) desc`, sql`greatest(${t.updatedAt}, ${t.lastSessionAt}) desc`, t.patientId)
      .where(sql`${t.archivedAt} is null`),
    // The overview's active patients without recent activity, longest-quiet (never played) first.
    index("patient_activity_quiet_idx")
      .on(t.institutionId, sql`${t.lastSessionAt} asc nulls first`, t.patientId)
      .where(sql`${t.archivedAt} is null and ${t.status} = 'active'`),
    // The review queue's caseload step (docs/session-review-api.md, "Review queue"): an SLP's live
    // patients with sessions waiting, so the step probes only those patients' pending sessions.
    index("patient_activity_caseload_pending_idx")
      .on(t.assignedStaffId, t.patientId)
      .where(sql`${t.pendingSessions} > 0 and ${t.archivedAt} is null`),
  ],
);
