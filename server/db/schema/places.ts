import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { PLACE_KINDS, type PlaceKind } from "../../../domain/shared/wire/place.ts";
import { oneOf } from "./one-of.ts";

// The kinds are the wire's (domain/shared/wire/place.ts); the table stores the same words.
export { PLACE_KINDS, type PlaceKind };

/**
 * Countries, states and cities that contact addresses pick from. One self-referencing table: a
 * city's parent is its state (or its country where states are not used), a state's its country.
 */
export const places = pgTable(
  "places",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2 for countries, the postal abbreviation for states, null for cities. */
    code2: text("code2"),
    alternateNames: text("alternate_names").array().notNull().default(sql`'{}'::text[]`),
    kind: text("kind").$type<PlaceKind>().notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => places.id),
  },
  (t) => [
    oneOf("places_kind_check", t.kind, PLACE_KINDS),
    check("places_parent_check", sql`(${t.kind} = 'country') = (${t.parentId} is null)`),
    // Seeding reference data is idempotent through this key (a missing parent counts as equal).
    unique("places_kind_parent_name_key").on(t.kind, t.parentId, t.name).nullsNotDistinct(),
    index("places_parent_idx").on(t.parentId),
  ],
);
