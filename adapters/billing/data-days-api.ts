import { patientDataDaysEndpoint } from "../../domain/billing/data-days-endpoints.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";
import type { DataDaysApi } from "./data-days-port.ts";

/** The data-days call on the given client (Bearer), the call of its declared endpoint. */
export const createDataDaysApi = (client: ApiClient): DataDaysApi => ({
  getPatientDataDays: (id, signal) => client.call(patientDataDaysEndpoint, { params: { id }, signal }),
});

/** The data-days call of the app's client, made once, from the lazy billing section. */
export const dataDaysApiOf = perClient(createDataDaysApi);
