import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Disclosure } from "../../../domain/audit/disclosure-wire.ts";
import type { Database } from "../../db/database.ts";
import { type DisclosureSource, disclosures } from "../../db/schema/disclosures.ts";
import { users } from "../../db/schema/users.ts";

/**
 * The register of disclosures (HIPAA 164.528, issue 38, docs/audit.md "Accounting of
 * disclosures"): append-only (migration 0040), written by an administrator's form and by any
 * export that leaves the institution (`recordDisclosure`, one call in that export's transaction).
 */

/** One disclosure as a writer hands it over: whose data, to whom (and where), what, why, when, by whom. */
export type DisclosureEntry = {
  readonly institutionId: number;
  readonly patientId: number;
  readonly disclosedOn: string;
  readonly recipient: string;
  readonly recipientAddress: string;
  readonly what: string;
  readonly purpose: string;
  readonly source: DisclosureSource;
  readonly recordedBy: number;
  readonly recordedAt: Date;
};

/**
 * Writes one entry, inside the caller's transaction so it stands or falls with what it records,
 * and answers its id. The hook an export that leaves the institution calls once per patient it
 * carries (docs/audit.md, "Exports that count").
 */
export const recordDisclosure = async (db: Database, entry: DisclosureEntry): Promise<number> => {
  const [row] = await db.insert(disclosures).values(entry).returning({ id: disclosures.id });
  if (row === undefined) throw new Error("the disclosure was not written");
  return row.id;
};

/** A patient's entries disclosed from `from` to `to` (both included), newest first; or the one entry `id`. */
export const disclosuresOf = async (db: Database, patientId: number, period: { readonly from: string; readonly to: string } | { readonly id: number }): Promise<Disclosure[]> => {
  const within = "id" in period ? eq(disclosures.id, period.id) : and(gte(disclosures.disclosedOn, period.from), lte(disclosures.disclosedOn, period.to));
  const rows = await db
    .select({
      id: disclosures.id,
      patientId: disclosures.patientId,
      disclosedOn: disclosures.disclosedOn,
      recipient: disclosures.recipient,
      recipientAddress: disclosures.recipientAddress,
      what: disclosures.what,
      purpose: disclosures.purpose,
      source: disclosures.source,
      recordedAt: disclosures.recordedAt,
      recordedBy: disclosures.recordedBy,
      recorderName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(disclosures)
    .leftJoin(users, eq(users.id, disclosures.recordedBy))
    .where(and(eq(disclosures.patientId, patientId), within))
    .orderBy(desc(disclosures.disclosedOn), desc(disclosures.id));
  return rows.map((row) => ({
    id: row.id,
    patient_id: row.patientId,
    disclosed_on: row.disclosedOn,
    recipient: row.recipient,
    recipient_address: row.recipientAddress,
    what: row.what,
    purpose: row.purpose,
    source: row.source,
    recorded_at: row.recordedAt.toISOString(),
    recorded_by: row.recordedBy,
    recorded_by_name: row.recorderName === null || row.recorderName.trim() === "" ? null : row.recorderName.trim(),
  }));
};
