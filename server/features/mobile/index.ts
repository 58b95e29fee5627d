// The mobile feature's server side (docs/mobile-api.md): device tokens and the app's session upload.
export { registerMobileRoutes } from "./register-mobile-routes.ts";
