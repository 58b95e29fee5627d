// What other features' pages may show of the administrators feature: an institution's page lists its administrators.
export { InstitutionAdministrators } from "./institution-administrators.tsx";
