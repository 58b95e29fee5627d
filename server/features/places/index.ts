// The places lookup the contact pickers (country, state, city) read.
export { registerPlaceRoutes } from "./places-route.ts";
