import { date, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant } from "./timestamps.ts";

/**
 * The weekly review of the audit log (issue 38, docs/audit-viewer.md "Review sign-off"): who
 * examined which period of which institution's log, when, and what they noted; the evidence an
 * auditor asks for that the log is examined (HIPAA 164.312(b)). The super administrator's reviews
 * of the institution-level rows have no institution. No foreign keys, as the trail itself: a
 * sign-off must outlive the reviewer's account.
 */
export const auditReviews = pgTable(
  "audit_reviews",
  {
    id: serial("id").primaryKey(),
    institutionId: integer("institution_id"),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    reviewedBy: integer("reviewed_by").notNull(),
    reviewedAt: instant("reviewed_at").notNull(),
    notes: text("notes").notNull().default(""),
  },
  (t) => [index("audit_reviews_institution_idx").on(t.institutionId, t.reviewedAt)],
);
