/**
 * Resources whose record id is a patient's id: a row about one of them names that patient
 * ("who accessed this patient", issue 38). A resource of a patient's sub-record (a session, a
 * device) names its patient through the route's scope instead (patientOfScope).
 */
export const PATIENT_KEYED_RESOURCES: ReadonlySet<string> = new Set([
  "patient",
  "patient_dashboard",
  "patient_game_levels",
  "patient_devices",
  "patient_data_days",
  "patient_pending_reviews",
  "patient_rtm_settings",
  "patient_disclosures",
]);

const WHOLE_NUMBER = /^[1-9][0-9]{0,9}$/;

/** The patient a resource id names, when the resource is keyed by patient and the id is one. */
export const patientOfRecord = (resource: string, resourceId: string | null | undefined): number | null => {
  if (!PATIENT_KEYED_RESOURCES.has(resource) || resourceId === null || resourceId === undefined || !WHOLE_NUMBER.test(resourceId)) return null;
  const id = Number(resourceId);
  return id <= 2_147_483_647 ? id : null;
};

/** The patient a route's scope settled on (OnePatient, a session's or time entry's patient), if any. */
export const patientOfScope = (scope: unknown): number | null => {
  if (typeof scope !== "object" || scope === null || !("patientId" in scope)) return null;
  const { patientId } = scope as { readonly patientId: unknown };
  return typeof patientId === "number" && Number.isInteger(patientId) ? patientId : null;
};
