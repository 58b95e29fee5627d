// What other features may use of the administrators adapters.
export type { AdministratorChanges, AdministratorsApi } from "./administrators-port.ts";
export { administratorsApiOf, createAdministratorsApi } from "./administrators-api.ts";
