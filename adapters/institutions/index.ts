// What other features may use of the institutions adapters (the administrators pages read an institution's domains and pick one).
export { createInstitutionsApi, institutionsApiOf, type InstitutionFields, type InstitutionsApi } from "./institutions-api.ts";
