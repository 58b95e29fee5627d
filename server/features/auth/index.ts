// The auth feature's server side: sign-in, second factors during sign-in, sessions, password reset.
export { registerAuthRoutes } from "./register-auth-routes.ts";
