// What other features may use of the administrators feature: the record an institution's page lists.
export * from "./administrators-wire.ts";
export { listAdministratorsEndpoint } from "./administrators-endpoints.ts";
