// What other features may use of the institutions feature.
export * from "./institutions-wire.ts";
