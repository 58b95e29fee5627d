import * as Schema from "effect/Schema";
import { PlaceId } from "../ids.ts";
import { SearchText } from "./paged.ts";
import { idFromUrl } from "./query-string.ts";

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

/** A picker shows at most this many places; typing narrows them. */
export const PLACE_LOOKUP_LIMIT = 50;

/**
 * GET places/ query (designed: the spec does not show the pickers' call): the kind of place, the
 * place it lies in (a state's country; a city's state or country) and the text typed so far.
 */
export const PlaceLookupQuery = Schema.Struct({
  kind: Schema.Literals(PLACE_KINDS),
  parent: Schema.optionalKey(idFromUrl(PlaceId)),
  search: Schema.optionalKey(SearchText),
});
export type PlaceLookupQuery = typeof PlaceLookupQuery.Type;

/** GET places/ response: up to PLACE_LOOKUP_LIMIT places of one kind, by name. */
export const PlacesResponse = Schema.Array(Place);
export type PlacesResponse = typeof PlacesResponse.Type;
