import type { MonitoringFlag } from "../../domain/billing/monitoring-flag-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";

// The port of a patient's remote physiological monitoring flag (issue 24); monitoring-flag-api.ts is its HTTP side.

/** Sets or clears the flag; rejects with an ApiFailure. */
export type MonitoringFlagApi = {
  readonly setMonitoringFlag: (patientId: PatientId, body: MonitoringFlag) => Promise<MonitoringFlag>;
};
