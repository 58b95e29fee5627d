// What other features may use of the SLP chat's domain (issue 34).
export { chatAbilitiesOf, type ChatAbilities } from "./chat-abilities.ts";
export { CHAT_LIMITS } from "./chat-limits.ts";
