import { and, asc, count, eq, inArray, isNull, sql, sum } from "drizzle-orm";
import type { InstitutionListResponse } from "../../../domain/institutions/institutions-wire.ts";
import { initials } from "../../../domain/shared/format/names.ts";
import type { AdministratorId, InstitutionId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patientCounts } from "../../db/schema/patients.ts";
import { administrators, users } from "../../db/schema/users.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// patient_counts keeps a whole-institution row set under this staff key (migration 0003).
const WHOLE_INSTITUTION = -1;

const countsBy = <K extends number>(rows: ReadonlyArray<{ readonly institutionId: K; readonly total: number | null }>): ReadonlyMap<number, number> =>
  new Map(rows.map((row) => [row.institutionId, row.total ?? 0]));

/**
 * One page of institutions by name (accents and case aside), each with its live members (staff and
 * administrators, not deleted), its live patients (read from patient_counts, kept on write, never
 * counted over the patients table) and its live administrators by name. Four queries a page.
 */
export const institutionListPage = async (db: Database, search: string | undefined, page: number, pageSize: number): Promise<InstitutionListResponse> => {
  const text = (search ?? "").trim();
  const where = text === "" ? undefined : sql`patient_fold(${institutions.name}) like patient_fold(${`%${escapeLike(text)}%`}) escape '\\'`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: institutions.id, name: institutions.name })
      .from(institutions)
      .where(where)
      .orderBy(asc(sql`patient_fold(${institutions.name}) collate "C"`), asc(institutions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(institutions).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const totalRows = total?.total ?? 0;
  if (ids.length === 0) return { current_page: page, total_pages: Math.ceil(totalRows / pageSize), count: totalRows, results: [] };
  const [members, patientTotals, admins] = await Promise.all([
    db
      .select({ institutionId: sql<number>`${users.institutionId}`.mapWith(Number), total: count() })
      .from(users)
      .where(and(inArray(users.institutionId, ids), isNull(users.archivedAt)))
      .groupBy(users.institutionId),
    db
      .select({ institutionId: patientCounts.institutionId, total: sum(patientCounts.total).mapWith(Number) })
      .from(patientCounts)
      .where(and(inArray(patientCounts.institutionId, ids), eq(patientCounts.staffKey, WHOLE_INSTITUTION)))
      .groupBy(patientCounts.institutionId),
    db
      .select({ id: administrators.id, institutionId: administrators.institutionId, firstName: users.firstName, lastName: users.lastName })
      .from(administrators)
      .innerJoin(users, eq(users.id, administrators.userId))
      .where(and(inArray(administrators.institutionId, ids), isNull(users.archivedAt)))
      .orderBy(asc(sql`patient_fold(${users.firstName}) collate "C"`), asc(sql`patient_fold(${users.lastName}) collate "C"`), asc(administrators.id)),
  ]);
  const memberCounts = countsBy(members);
  const patientCountsOf = countsBy(patientTotals);
  return {
    current_page: page,
    total_pages: Math.ceil(totalRows / pageSize),
    count: totalRows,
    results: rows.map((row) => ({
      id: row.id as InstitutionId,
      name: row.name,
      members_count: memberCounts.get(row.id) ?? 0,
      mobile_users_count: patientCountsOf.get(row.id) ?? 0,
      administrators: admins
        .filter((admin) => admin.institutionId === row.id)
        .map((admin) => ({ id: admin.id as AdministratorId, initials: initials(admin.firstName, admin.lastName), first_name: admin.firstName, last_name: admin.lastName })),
    })),
  };
};
