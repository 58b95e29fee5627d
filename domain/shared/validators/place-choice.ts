// Where a person lives, chosen from the places list: the country is a country, the state a state of
// that country, the city a city of that state, or of the country where it has no state. Patients,
// SLPs and administrators' contact blocks share this rule; the server reads the chosen places and asks it.
import type { PlaceKind } from "../wire/place.ts";

/** A contact block's chosen places, by id (null: not chosen). */
export type PlaceChoice = { readonly countryId: number | null; readonly stateId: number | null; readonly cityId: number | null };

/** What of a stored place the rule reads. */
export type KnownPlace = { readonly kind: PlaceKind | string; readonly parentId: number | null };

/** The first chosen place that does not exist or does not belong with the others, or null when they fit together. */
export const misplacedPlace = (choice: PlaceChoice, placeOf: (id: number) => KnownPlace | undefined): "country" | "state" | "city" | null => {
  const { countryId, stateId, cityId } = choice;
  if (countryId !== null && placeOf(countryId)?.kind !== "country") return "country";
  if (stateId !== null) {
    const state = placeOf(stateId);
    if (state?.kind !== "state" || state.parentId !== countryId) return "state";
  }
  if (cityId !== null) {
    const city = placeOf(cityId);
    const parent = stateId ?? countryId;
    if (city?.kind !== "city" || city.parentId === null || (city.parentId !== parent && city.parentId !== countryId)) return "city";
  }
  return null;
};
