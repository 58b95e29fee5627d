// The patients feature's server side: the patients list, one patient, its changes and the list by SLP.
export { registerPatientRoutes } from "./patient-routes.ts";
