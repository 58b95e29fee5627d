// What other features may use of the institutions feature.
export * from "./institutions-wire.ts";
export { isKnownTimeZone, timeZoneNames } from "./time-zones.ts";
export { SUPPLY_KIND_CHOICES, SUPPLY_KIND_UNCHOSEN, type SupplyKindChoice, supplyKindText } from "./supply-kind-choices.ts";
