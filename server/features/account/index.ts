// The account feature's server side: the user record and Settings (profile, password, second factors).
export { registerAccountRoutes } from "./register-account-routes.ts";
export { registerUserRoutes } from "./user-record-routes.ts";
export { freshCurrentUser } from "./current-user.ts";
