import * as Schema from "effect/Schema";
import { PlaceId } from "../ids.ts";

/**
 * A picked place (city, state or country): its name, its two-letter code where it has one
 * (countries; postal-code formats are chosen by it) and the other names people search it by.
 */
export const Place = Schema.Struct({
  id: PlaceId,
  name: Schema.String,
  code2: Schema.NullOr(Schema.String),
  alternate_names: Schema.Array(Schema.String),
});
export type Place = typeof Place.Type;

/** What a place is: a country, a state (or province) of a country, or a city. */
export const PLACE_KINDS = ["country", "state", "city"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** GET places/: the places of one kind a picker offers (at most 50, best matches first). */
export const PlacesResponse = Schema.Array(Place);
export type PlacesResponse = typeof PlacesResponse.Type;
