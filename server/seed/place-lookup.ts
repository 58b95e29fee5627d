import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/database.ts";
import { places } from "../db/schema/places.ts";
import { CITIES, type CitySeed } from "./places-data.ts";

/** A seeded city with the ids of its state and country, ready for a contact block. */
export type CityPlace = CitySeed & {
  readonly cityId: number;
  readonly stateId: number;
  readonly countryId: number;
  readonly countryName: string;
};

/** Reads back the reference cities with their parents (reference data must be synced first). */
export const loadCityPlaces = async (db: Database): Promise<readonly CityPlace[]> => {
  const state = alias(places, "state");
  const country = alias(places, "country");
  const rows = await db
    .select({
      cityId: places.id,
      city: places.name,
      stateId: state.id,
      stateCode: state.code2,
      countryId: country.id,
      countryCode: country.code2,
      countryName: country.name,
    })
    .from(places)
    .innerJoin(state, eq(places.parentId, state.id))
    .innerJoin(country, eq(state.parentId, country.id))
    .where(and(eq(places.kind, "city"), eq(state.kind, "state")));
  return CITIES.map((seed) => {
    const row = rows.find((r) => r.city === seed.name && r.stateCode === seed.state && r.countryCode === seed.country);
    if (row === undefined) throw new Error(`reference city ${seed.name} is missing`);
    return { ...seed, cityId: row.cityId, stateId: row.stateId, countryId: row.countryId, countryName: row.countryName };
  });
};
