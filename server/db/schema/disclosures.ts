import { date, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { DISCLOSURE_SOURCES } from "../../../domain/audit/disclosure-wire.ts";
import { oneOf } from "./one-of.ts";
import { instant } from "./timestamps.ts";

export type DisclosureSource = (typeof DISCLOSURE_SOURCES)[number];

/**
 * The accounting of disclosures (HIPAA 164.528, issue 38, docs/audit.md "Accounting of
 * disclosures"): each disclosure of a patient's data outside treatment, payment and operations,
 * with its recipient and their address, what was disclosed, why and on which day. Append-only
 * (migration 0040's trigger refuses UPDATE, DELETE and TRUNCATE): a correction is a new entry. No
 * foreign keys, as the trail's own: an entry outlives the patient's and the recorder's records.
 */
export const disclosures = pgTable(
  "disclosures",
  {
    id: serial("id").primaryKey(),
    institutionId: integer("institution_id").notNull(),
    patientId: integer("patient_id").notNull(),
    disclosedOn: date("disclosed_on", { mode: "string" }).notNull(),
    recipient: text("recipient").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    what: text("what").notNull(),
    purpose: text("purpose").notNull(),
    source: text("source").$type<DisclosureSource>().notNull(),
    recordedBy: integer("recorded_by").notNull(),
    recordedAt: instant("recorded_at").notNull(),
  },
  (t) => [oneOf("disclosures_source_check", t.source, DISCLOSURE_SOURCES), index("disclosures_patient_idx").on(t.patientId, t.disclosedOn)],
);
