import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { MonitoringFlag } from "./monitoring-flag-wire.ts";

/** PUT patients/{id}/rtm/monitoring/: sets or clears the patient's remote physiological monitoring flag. */
export const monitoringFlagEndpoint = endpoint({
  method: "PUT",
  path: "/api/patients/:id/rtm/monitoring/",
  params: PatientPathParams,
  body: MonitoringFlag,
  answer: MonitoringFlag,
});
