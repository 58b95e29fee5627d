// What other features may use of the sign-in machines (account settings send codes the same way).
export { isSentMethod } from "./mfa-choice.ts";
