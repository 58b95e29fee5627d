import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import { filtersFromQuery } from "../../../domain/patients/patient-list-filters.ts";
import { patientListQuery } from "../../features/patients/patients-queries.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/** /patients: the page of the list the address asks for (the query usePatientList asks). */
export const prefetch = (context: PrefetchContext): void => {
  const filters = filtersFromQuery(context.search.replace(/^\?/, ""));
  void context.queryClient.prefetchQuery(patientListQuery(patientsApiOf(context.apiClient), filters));
};
