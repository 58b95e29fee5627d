import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ExercisesApi } from "../../../adapters/exercises/index.ts";
import type { PatientsApi } from "../../../adapters/patients/patients-port.ts";
import { filtersFromQuery } from "../../../domain/patients/patient-list-filters.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { patientGameLevelsQuery, patientListQuery, patientQuery } from "./patients-queries.ts";

// The hooks and the arrival prefetch (ui/app/prefetch/) share these; what they hold is the cache's
// contract with spec section 9: the record and its levels fresh for 10 s, the list on the default.
describe("the patients' query options", () => {
  it("key each read under patients, the levels under the record", () => {
    const id = PatientId.make(7);
    const filters = filtersFromQuery("search=ann");
    expect(patientQuery({} as PatientsApi, id).queryKey).toEqual(["patients", "detail", 7]);
    expect(patientGameLevelsQuery({} as ExercisesApi, id).queryKey).toEqual(["patients", "detail", 7, "game-levels"]);
    expect(patientListQuery({} as PatientsApi, filters).queryKey).toEqual(["patients", "list", filters]);
  });

  it("keep the record and its levels fresh for 10 s and leave the list to the client's default", () => {
    const id = PatientId.make(7);
    expect(patientQuery({} as PatientsApi, id).staleTime).toBe(10_000);
    expect(patientGameLevelsQuery({} as ExercisesApi, id).staleTime).toBe(10_000);
    expect(patientListQuery({} as PatientsApi, filtersFromQuery("")).staleTime).toBeUndefined();
  });

  it("ask the record of the patient named, with the query's abort signal", async () => {
    const getPatient = vi.fn(() => Promise.resolve({ id: 7 }));
    await new QueryClient().fetchQuery(patientQuery({ getPatient } as unknown as PatientsApi, PatientId.make(7)));
    expect(getPatient).toHaveBeenCalledWith(7, expect.any(AbortSignal));
  });
});
