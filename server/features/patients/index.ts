// The patients feature's server side: the patients list, one patient, its changes and the list by SLP.
export { registerPatientRoutes } from "./patient-routes.ts";
// The assigned-patients scope, for the features whose routes name one patient (their exercises, sessions).
export { onePatientScope, type OnePatient } from "./patient-scope.ts";
// The caller's slice of patients, for calls that name many patients at once (assigning exercises).
export { sliceOf, sliceCondition, type PatientSlice } from "./patient-scope.ts";
