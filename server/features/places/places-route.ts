import { and, asc, eq, sql } from "drizzle-orm";
import { PLACE_LOOKUP_LIMIT } from "../../../domain/shared/wire/place.ts";
import { listPlacesEndpoint } from "../../../domain/shared/wire/place-endpoints.ts";
import type { PlaceId } from "../../../domain/shared/ids.ts";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { places } from "../../db/schema/places.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * GET places/ (designed; the spec's pickers are "not shown"): the places the contact block picks
 * from, for anyone signed in. `kind` says which (country, state, city); `parent` narrows states to
 * a country and cities to a state or country; `search` matches the name or an alternate name,
 * accents and case aside, anywhere in it. At most 50, by name. Reference data, not patient data:
 * no audit row.
 */
export const registerPlaceRoutes = (app: FastifyInstance, deps: { readonly db: Database; readonly clock: Clock }): void => {
  const { db } = deps;
  routeEndpoint(
    app,
    deps,
    listPlacesEndpoint,
    {
      access: { signedIn: true },
      doc: {
        summary: "Countries, states or cities for the contact pickers: by parent and typed text, at most 50, by name",
        scope: "none",
        errors: {},
      },
      scope: () => ({ ok: true, scope: null }),
    },
    async ({ input: { query: input } }) => {
      const text = (input.search ?? "").trim();
      const pattern = `%${escapeLike(text)}%`;
      const matches =
        text === ""
          ? undefined
          : sql`(patient_fold(${places.name}) like patient_fold(${pattern}) escape '\\' or exists (select 1 from unnest(${places.alternateNames}) as alternate(name) where patient_fold(alternate.name) like patient_fold(${pattern}) escape '\\'))`;
      const rows = await db
        .select({ id: places.id, name: places.name, code2: places.code2, alternateNames: places.alternateNames })
        .from(places)
        .where(and(eq(places.kind, input.kind), input.parent === undefined ? undefined : eq(places.parentId, input.parent), matches))
        .orderBy(asc(sql`patient_fold(${places.name}) collate "C"`), asc(places.id))
        .limit(PLACE_LOOKUP_LIMIT);
      return rows.map((row) => ({ id: row.id as PlaceId, name: row.name, code2: row.code2, alternate_names: row.alternateNames }));
    },
  );
};
