// What other features may use of the SLPs (staff) feature; everything else in this folder is its own.
export * from "./staff-wire.ts";
