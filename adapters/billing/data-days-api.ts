import { patientDataDaysEndpoint } from "../../domain/billing/data-days-endpoints.ts";
import type { PatientDataDays } from "../../domain/billing/data-days-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's remote-monitoring data days (issue 24), declared beside its one (HTTP) implementation.

/** A patient's data days of the current and previous 30-day period; rejects with an ApiFailure. */
export type DataDaysApi = {
  readonly getPatientDataDays: (patientId: PatientId, signal?: AbortSignal) => Promise<PatientDataDays>;
};

/** The data-days call on the given client (Bearer), the call of its declared endpoint. */
export const createDataDaysApi = (client: ApiClient): DataDaysApi => ({
  getPatientDataDays: (id, signal) => client.call(patientDataDaysEndpoint, { params: { id }, signal }),
});

/** The data-days call of the app's client, made once, from the lazy billing section. */
export const dataDaysApiOf = perClient(createDataDaysApi);
