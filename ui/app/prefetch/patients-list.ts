import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import { filtersFromQuery } from "../../../domain/patients/patient-list-filters.ts";
import { patientsKeys } from "../../features/patients/patients-keys.ts";
import type { PrefetchContext } from "./prefetch-context.ts";

/** /patients: the page of the list the address asks for (usePatientList's key and call). */
export const prefetch = (context: PrefetchContext): void => {
  const filters = filtersFromQuery(context.search.replace(/^\?/, ""));
  void context.queryClient.prefetchQuery({
    queryKey: patientsKeys.list(filters),
    queryFn: ({ signal }) => patientsApiOf(context.apiClient).listPatients(filters, signal),
  });
};
