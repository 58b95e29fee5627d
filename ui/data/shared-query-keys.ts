/**
 * Cache keys that more than one feature reads. A feature's own keys stay in its folder; these are
 * here because another feature's route reads the record from the cache for its breadcrumb (the
 * session-review pages name the patient), and importing the patients feature for one key would
 * pull its pages' code into the signed-in bundle.
 */
export const patientRecordKey = (id: number) => ["patients", "detail", id] as const;
