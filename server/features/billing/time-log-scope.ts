import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { patients } from "../../db/schema/patients.ts";
import { rtmTimeEntries } from "../../db/schema/time-log.ts";
import { type ApiFailure, apiFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { type OnePatient, sliceCondition, sliceOf } from "../../http/patient-scope.ts";

/** An entry outside the caller's slice, removed or unknown: one answer, so ids cannot be probed. */
export const timeEntryNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "time entry not found in the caller's slice", { placeholders: { field_name: "time entry" } });

/** The entry's patient in the caller's slice, and the entry the route names. */
export type TimeEntryScope = OnePatient & { readonly entryId: number };

/**
 * The `assigned-patients` scope of rtm/time-entries/{id}/: the entry's patient must be in the
 * caller's patient slice (server/features/patients/patient-scope.ts), as for the patient's own
 * routes; a removed entry reads as unknown unless `includeRemoved` (its history stays readable,
 * since its removal is the last thing the history tells). The super administrator gets the slice's 403.
 */
export const timeEntryScope = async (
  db: Database,
  principal: Principal,
  entryId: number,
  { includeRemoved = false }: { readonly includeRemoved?: boolean } = {},
): Promise<ScopeDecision<TimeEntryScope>> => {
  const resourceId = String(entryId);
  const slice = await sliceOf(db, principal);
  if (!slice.ok) return { ...slice, resourceId };
  const [found] = await db
    .select({ patientId: rtmTimeEntries.patientId })
    .from(rtmTimeEntries)
    .innerJoin(patients, and(eq(patients.id, rtmTimeEntries.patientId), sliceCondition(slice.scope)))
    .where(and(eq(rtmTimeEntries.id, entryId), includeRemoved ? undefined : isNull(rtmTimeEntries.deletedAt)))
    .limit(1);
  if (found === undefined) return { ok: false, failure: timeEntryNotFound(), reason: "outside_scope", resourceId };
  return { ok: true, scope: { ...slice.scope, patientId: found.patientId, entryId }, resourceId };
};
