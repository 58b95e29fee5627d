// The exercises feature's server side: the game catalogue and a patient's assigned games.
export { registerGameRoutes } from "./games-routes.ts";
