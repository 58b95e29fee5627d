// What other features may use of the administrators adapters.
export { administratorsApiOf, createAdministratorsApi, type AdministratorChanges, type AdministratorsApi } from "./administrators-api.ts";
