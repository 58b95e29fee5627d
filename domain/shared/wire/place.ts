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
