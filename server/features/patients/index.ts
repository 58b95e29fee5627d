// The patients feature's server side: the patients list, one patient, its changes and the list by SLP.
// The assigned-patients scope other features use (the caller's slice, one patient of it) is a
// shared part beside the institution scope: server/http/patient-scope.ts.
export { registerPatientRoutes } from "./patient-routes.ts";
