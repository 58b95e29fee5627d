// The communication-ratings feature's server side (issue 37): a patient's functional communication ratings.
export { registerCommunicationRatingRoutes } from "./rating-routes.ts";
