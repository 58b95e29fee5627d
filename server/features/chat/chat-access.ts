/** Every chat call of the portal: permission `list` on `slp_chat` (issue 34), then the thread's scope. */
export const CHAT_ACCESS = { resource: "slp_chat", action: "list" } as const;

/** A call naming a thread (or a patient) answers these refusals: the super administrator's 403, 404 outside the caller's reach. */
export const CHAT_READ_ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;
