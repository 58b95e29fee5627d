import { endpoint } from "./endpoint.ts";
import { PlaceLookupQuery, PlacesResponse } from "./place.ts";

/** GET places/: the countries, states or cities a contact picker offers, by parent and typed text. */
export const listPlacesEndpoint = endpoint({
  method: "GET",
  path: "/api/places/",
  query: PlaceLookupQuery,
  answer: PlacesResponse,
});
