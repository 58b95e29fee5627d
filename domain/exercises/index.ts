// What other features may use of the exercises feature; everything else in this folder is its own.
export * from "./games-wire.ts";
