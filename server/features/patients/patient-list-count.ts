import { type SQL, and, count, eq, inArray, sql, sum } from "drizzle-orm";
import { COUNT_CAP } from "../../../domain/shared/wire/paged.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { patientCounts, patients } from "../../db/schema/patients.ts";
import type { PatientSlice } from "../../http/patient-scope.ts";
import { type PatientFilters, distinct, isPlain } from "./patient-list-filters.ts";

// How many patients a list holds (patient-list-query.ts answers the page): from the counters the
// triggers keep where the filters allow, else counted, a search's count capped.

/** The plain list's count: a sum over patient_counts, the caller's slice's rows. */
const plainCount = preparedOnce((db) =>
  db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(and(eq(patientCounts.institutionId, sql.placeholder("institutionId")), eq(patientCounts.staffKey, sql.placeholder("staffKey"))))
    .prepare("patients_list_count"),
);

/** A count, and whether it stopped at COUNT_CAP with more rows left. */
export type ListCount = { readonly total: number; readonly capped: boolean };

/**
 * How many rows the list holds. Filtered by nothing but slice, status and review state, the
 * count is a sum over patient_counts (at most six rows the triggers keep exact). A game filter
 * counts the matching rows, which its index narrows first. A search counts at most COUNT_CAP + 1
 * matches: "li" matches thousands of a large clinic, and counting them all reads every one.
 */
export const countPatients = async (db: Database, slice: PatientSlice, filters: PatientFilters, where: () => SQL): Promise<ListCount> => {
  if (isPlain(filters)) {
    const [row] = await plainCount(db).execute({ institutionId: slice.institutionId, staffKey: slice.staffId ?? -1 });
    return { total: row?.total ?? 0, capped: false };
  }
  if ((filters.search ?? "").trim() !== "") {
    const matches = db.select({ one: sql`1` }).from(patients).where(where()).limit(COUNT_CAP + 1).as("matches");
    const [row] = await db.select({ total: count() }).from(matches);
    const total = row?.total ?? 0;
    return total > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total, capped: false };
  }
  if (filters.gameLevels.length > 0) {
    const [row] = await db.select({ total: count() }).from(patients).where(where());
    return { total: row?.total ?? 0, capped: false };
  }
  const [row] = await db
    .select({ total: sum(patientCounts.total).mapWith(Number) })
    .from(patientCounts)
    .where(
      and(
        eq(patientCounts.institutionId, slice.institutionId),
        // -1: the institution's own total (migration 0003); an SLP's caseload is their staff id.
        eq(patientCounts.staffKey, slice.staffId ?? -1),
        filters.statuses.length === 0 ? undefined : inArray(patientCounts.status, distinct(filters.statuses)),
        filters.reviewed.length === 0 ? undefined : inArray(patientCounts.reviewed, distinct(filters.reviewed)),
      ),
    );
  return { total: row?.total ?? 0, capped: false };
};

