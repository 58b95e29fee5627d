import { monitoringFlagEndpoint } from "../../domain/billing/monitoring-flag-endpoints.ts";
import type { MonitoringFlag } from "../../domain/billing/monitoring-flag-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// A patient's remote physiological monitoring flag (issue 24), declared beside its one (HTTP) implementation.

/** Sets or clears the flag; rejects with an ApiFailure. */
export type MonitoringFlagApi = {
  readonly setMonitoringFlag: (patientId: PatientId, body: MonitoringFlag) => Promise<MonitoringFlag>;
};

/** The flag's call on the given client (Bearer), the call of its declared endpoint. */
export const createMonitoringFlagApi = (client: ApiClient): MonitoringFlagApi => ({
  setMonitoringFlag: (id, body) => client.call(monitoringFlagEndpoint, { params: { id }, body }),
});

/** The flag's call of the app's client, made once, from the lazy billing section. */
export const monitoringFlagApiOf = perClient(createMonitoringFlagApi);
