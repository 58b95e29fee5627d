// What other features may use of the mobile feature (the patient record's devices panel, the app's calls).
export * from "./device-wire.ts";
export * from "./mobile-endpoints.ts";
export * from "./mobile-session-limits.ts";
export * from "./mobile-session-wire.ts";
export * from "./device-abilities.ts";
