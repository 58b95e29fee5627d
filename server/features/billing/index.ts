// The billing feature's server side (remote therapeutic monitoring, issue 24): a patient's data days so far.
export { registerBillingRoutes } from "./register-billing-routes.ts";
export { startRtmStatusPass } from "./rtm-status-store-pass.ts";
