// What other features may use of the exercises feature; everything else in this folder is its own.
export * from "./games-wire.ts";
export * from "./institution-games-wire.ts";
export * from "./templates-wire.ts";
export * from "./assignment-wire.ts";
export * from "./form-limits.ts";
export * from "./configuration-name.ts";
export * from "./content-endpoints.ts";
// The institutions adapter offers and assigns an institution's games through these declarations.
export { assignInstitutionGamesEndpoint, assignInstitutionGamesPreviewEndpoint, gamesEndpoint, institutionGamesEndpoint } from "./exercises-endpoints.ts";
export * from "./offer-withdrawal.ts";
