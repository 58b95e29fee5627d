import { PatientPathParams } from "../patients/index.ts";
import { endpoint } from "../shared/wire/endpoint.ts";
import { PatientDataDays } from "./data-days-wire.ts";

// A patient's remote-monitoring data days (issue 24), declared once for the server's route and the
// adapter's call.

/** GET patients/{id}/rtm/data-days/: the patient's data days of the current and previous 30-day period. */
export const patientDataDaysEndpoint = endpoint({
  method: "GET",
  path: "/api/patients/:id/rtm/data-days/",
  params: PatientPathParams,
  answer: PatientDataDays,
});
