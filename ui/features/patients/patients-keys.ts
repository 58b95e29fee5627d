import type { PlacesRequest } from "../../../adapters/patients/patients-port.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import type { PatientListFilters } from "../../../domain/patients/patient-list-filters.ts";

// Apart from the hooks, so the route's breadcrumb reads a record's name without loading the pages.
/** Cache keys of the patients feature; every list and record sits under "patients" so a write refreshes them together. */
export const patientsKeys = {
  all: ["patients"] as const,
  // The list is always asked with filters as filtersFromQuery read them: already in their one spelling.
  list: (filters: PatientListFilters) => ["patients", "list", filters] as const,
  detail: patientRecordKey,
  // Under the record, so a write to the patient refreshes their exercises too.
  gameLevels: (id: number) => ["patients", "detail", id, "game-levels"] as const,
  places: (request: PlacesRequest) => ["places", request.kind, request.parent ?? null, request.search?.trim() ?? ""] as const,
  staffOptions: (search: string) => ["staff", "options", search.trim()] as const,
};

