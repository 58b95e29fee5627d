import { integer, text } from "drizzle-orm/pg-core";
import { places } from "./places.ts";

/**
 * The contact block patients and staff share (spec section 3): free-text address lines, picked
 * places for city, state and country, and the postal code as typed (validated per country).
 */
export const contactColumns = () => ({
  address1: text("address_1").notNull().default(""),
  address2: text("address_2").notNull().default(""),
  cityId: integer("city_id").references(() => places.id),
  stateId: integer("state_id").references(() => places.id),
  countryId: integer("country_id").references(() => places.id),
  zipCode: text("zip_code").notNull().default(""),
});
