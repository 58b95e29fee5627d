import type { PatientDataDays } from "../../domain/billing/data-days-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port of a patient's remote-monitoring data days (issue 24); data-days-api.ts is its HTTP side.

/** A patient's data days of the current and previous 30-day period; rejects with an ApiFailure. */
export type DataDaysApi = {
  readonly getPatientDataDays: (patientId: PatientId, signal?: AbortSignal) => Promise<PatientDataDays>;
};
