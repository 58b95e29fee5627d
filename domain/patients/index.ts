// What other features may use of the patients feature; everything else in this folder is its own.
export * from "./patients-wire.ts";
