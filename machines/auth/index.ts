// What other features may use of the sign-in machines: account settings send codes the same way,
// and the invitation page links to the sign-in route.
export { isSentMethod } from "./mfa-choice.ts";
export { AUTH_ROUTES } from "./auth-route.ts";
