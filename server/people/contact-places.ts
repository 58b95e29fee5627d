import { inArray } from "drizzle-orm";
import { type PlaceChoice, misplacedPlace } from "../../domain/shared/validators/place-choice.ts";
import type { PlaceId } from "../../domain/shared/ids.ts";
import type { Place } from "../../domain/shared/wire/place.ts";
import type { Database } from "../db/database.ts";
import { places } from "../db/schema/places.ts";
import { type ApiFailure, apiFailure } from "../http/api-failure.ts";

// The places of a person's contact block (patients, SLPs), read once and checked by the domain's
// rule (domain/shared/validators/place-choice.ts): one server part, so the patient and SLP forms
// cannot drift apart on which city belongs to which state.

/** A stored place as the contact block shows it, with what the rule reads. */
export type StoredPlace = Place & { readonly kind: string; readonly parentId: number | null };

/** Places by id, for a contact block (ids not chosen are skipped). */
export const placesById = async (db: Database, ids: ReadonlyArray<number | null>): Promise<Map<number, StoredPlace>> => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: places.id, name: places.name, code2: places.code2, alternateNames: places.alternateNames, kind: places.kind, parentId: places.parentId })
    .from(places)
    .where(inArray(places.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id as PlaceId, name: row.name, code2: row.code2, alternate_names: row.alternateNames, kind: row.kind, parentId: row.parentId }]));
};

/** A contact block's chosen places as the wire shows them (null where none is chosen or the place is gone). */
export const contactPlacesOf = async (db: Database, choice: PlaceChoice): Promise<{ readonly city: Place | null; readonly state: Place | null; readonly country: Place | null }> => {
  const found = await placesById(db, [choice.cityId, choice.stateId, choice.countryId]);
  const place = (id: number | null): Place | null => {
    const hit = id === null ? undefined : found.get(id);
    return hit === undefined ? null : { id: hit.id, name: hit.name, code2: hit.code2, alternate_names: hit.alternate_names };
  };
  return { city: place(choice.cityId), state: place(choice.stateId), country: place(choice.countryId) };
};

/** ERROR_030 on the contact block's field whose place does not exist or does not belong with the others. */
const placeNotFound = (field: "city" | "state" | "country"): ApiFailure =>
  apiFailure(400, "ERROR_030", `contact_info.${field} is not a ${field} of the chosen places`, { field: `contact_info.${field}`, placeholders: { field_name: field } });

/** The chosen places fit together; answers the country (its name and code) the postal-code rule needs, null when none is chosen. */
export const checkContactPlaces = async (
  db: Database,
  choice: PlaceChoice,
): Promise<{ readonly ok: true; readonly country: { readonly name: string; readonly code2: string } | null } | { readonly ok: false; readonly failure: ApiFailure }> => {
  const found = await placesById(db, [choice.countryId, choice.stateId, choice.cityId]);
  const misplaced = misplacedPlace(choice, (id) => found.get(id));
  if (misplaced !== null) return { ok: false, failure: placeNotFound(misplaced) };
  const country = choice.countryId === null ? undefined : found.get(choice.countryId);
  return { ok: true, country: country === undefined ? null : { name: country.name, code2: country.code2 ?? "" } };
};
