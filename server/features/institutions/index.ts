// The institutions feature's server side: the super administrator's list and creation, one
// institution and its edit (docs/administration.md). assign_games lives with exercises.
export { registerInstitutionRoutes } from "./institution-routes.ts";
