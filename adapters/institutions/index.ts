// What other features may use of the institutions adapters (the administrators pages read an institution's domains and pick one).
export type { InstitutionFields, InstitutionsApi } from "./institutions-port.ts";
export { createInstitutionsApi, institutionsApiOf } from "./institutions-api.ts";
