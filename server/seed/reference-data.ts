import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { GAME_TYPES, GAME_TYPE_NAMES } from "../../domain/shared/games/game-type.ts";
import { RESOURCES } from "../../domain/shared/permission-vocabulary.ts";
import { ROLE_PERMISSIONS } from "../../domain/shared/permissions/role-permissions.ts";
import { ROLE_CODES, ROLE_TITLES, normaliseRoleCode } from "../../domain/shared/roles.ts";
import { contentUrl, levelsAvailable } from "../content/exercise-content.ts";
import type { Database } from "../db/database.ts";
import { gameContentFiles, games } from "../db/schema/games.ts";
import { noteTypes } from "../db/schema/notes.ts";
import { places } from "../db/schema/places.ts";
import { rolePermissions, roles } from "../db/schema/roles.ts";
import { chunksOf } from "./chunks.ts";
import { CITIES, COUNTRY_ALTERNATE_NAMES, COUNTRY_CODES, STATES } from "./places-data.ts";

/** The advisory lock the role-permission mirror is rewritten under (any fixed number, used nowhere else). */
const ROLE_PERMISSIONS_LOCK = 340_001;

/** Note kinds SLPs pick from, with the badge colour each shows. */
export const NOTE_TYPES = [
  { name: "Observation", color: "#2563eb", sortOrder: 1 },
  { name: "Progress", color: "#16a34a", sortOrder: 2 },
  { name: "Concern", color: "#dc2626", sortOrder: 3 },
  { name: "Plan", color: "#9333ea", sortOrder: 4 },
] as const;

export const GAME_DESCRIPTIONS: Readonly<Record<(typeof GAME_TYPES)[number], string>> = {
  medication_management: "Read prescription labels and pill bottles, and work out doses from written directions.",
  memory_grid: "Remember where coloured tiles appeared on a grid and place them again.",
  naming: "Name the object in the picture, with hints when the word will not come.",
  social_situations: "Choose or say what to do in everyday social situations.",
  verbal_fluency: "Say as many words as possible from a category or starting with a letter.",
  pill_sorting: "Sort pills into a weekly organiser following a prescription.",
  chitchat_ai: "Hold a short spoken conversation with an AI partner.",
  parrot: "Listen to a word or sentence and repeat it.",
};

const syncRoles = async (db: Database): Promise<void> => {
  await db
    .insert(roles)
    .values(ROLE_CODES.map((code) => ({ code, title: ROLE_TITLES[code] })))
    .onConflictDoUpdate({ target: roles.code, set: { title: sql`excluded.title` } });
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  const wanted = rows.flatMap(({ id, code }) => {
    const role = normaliseRoleCode(code);
    if (role === undefined) return [];
    const table = ROLE_PERMISSIONS[role];
    return RESOURCES.flatMap((resource) => (table[resource] ?? []).map((action) => ({ roleId: id, resource, action })));
  });
  // The mirror is rewritten whole: removed grants must disappear, not linger.
  await db.transaction(async (tx) => {
    // Processes starting together on one database (two API processes) would both delete and then
    // collide on their inserts: one rewrites at a time, the other after it.
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_PERMISSIONS_LOCK})`);
    await tx.delete(rolePermissions);
    for (const chunk of chunksOf(wanted, 2000)) await tx.insert(rolePermissions).values(chunk);
  });
};

const syncGames = async (db: Database): Promise<void> => {
  await db
    .insert(games)
    .values(
      GAME_TYPES.map((type) => ({
        type,
        name: GAME_TYPE_NAMES[type],
        description: GAME_DESCRIPTIONS[type],
        levelsAvailable: [...levelsAvailable(type)],
      })),
    )
    .onConflictDoUpdate({
      target: games.type,
      set: { levelsAvailable: sql`excluded.levels_available` },
    });
  const rows = await db.select({ id: games.id, type: games.type }).from(games);
  const files = rows.flatMap(({ id, type }) =>
    levelsAvailable(type).map((difficulty) => ({ gameId: id, difficulty, url: contentUrl(type, difficulty) })),
  );
  await db
    .insert(gameContentFiles)
    .values(files)
    .onConflictDoUpdate({ target: [gameContentFiles.gameId, gameContentFiles.difficulty], set: { url: sql`excluded.url` } });
};

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

const syncPlaces = async (db: Database): Promise<void> => {
  await db
    .insert(places)
    .values(
      COUNTRY_CODES.map((code2) => ({
        name: countryNames.of(code2) ?? code2,
        code2,
        kind: "country" as const,
        alternateNames: [...(COUNTRY_ALTERNATE_NAMES[code2] ?? [])],
      })),
    )
    .onConflictDoNothing();
  const countries = new Map(
    (await db.select({ id: places.id, code2: places.code2 }).from(places).where(and(eq(places.kind, "country"), isNull(places.parentId)))).map(
      (row) => [row.code2, row.id],
    ),
  );
  const parentOf = (map: ReadonlyMap<string | null, number>, key: string): number => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`reference place ${key} is missing`);
    return id;
  };
  await db
    .insert(places)
    .values(
      STATES.map((state) => ({
        name: state.name,
        code2: state.code2,
        kind: "state" as const,
        parentId: parentOf(countries, state.country),
        alternateNames: [...(state.alternateNames ?? [])],
      })),
    )
    .onConflictDoNothing();
  const stateRows = await db
    .select({ id: places.id, code2: places.code2, parentId: places.parentId })
    .from(places)
    .where(and(eq(places.kind, "state"), inArray(places.parentId, [...countries.values()])));
  const countryCodeById = new Map([...countries].map(([code, id]) => [id, code]));
  const states = new Map(stateRows.map((row) => [`${countryCodeById.get(row.parentId ?? -1)}:${row.code2}`, row.id]));
  await db
    .insert(places)
    .values(
      CITIES.map((city) => ({
        name: city.name,
        code2: null,
        kind: "city" as const,
        parentId: parentOf(states, `${city.country}:${city.state}`),
        alternateNames: [...(city.alternateNames ?? [])],
      })),
    )
    .onConflictDoNothing();
};

const syncNoteTypes = async (db: Database): Promise<void> => {
  await db
    .insert(noteTypes)
    .values(NOTE_TYPES.map((type) => ({ ...type })))
    .onConflictDoNothing({ target: noteTypes.name });
};

/**
 * Data every installation needs, production included: roles and the permission mirror, the
 * eight games with their content files, note types and places. Runs at every start and is
 * idempotent: a second run adds nothing.
 */
export const syncReferenceData = async (db: Database): Promise<void> => {
  await syncRoles(db);
  await syncGames(db);
  await syncNoteTypes(db);
  await syncPlaces(db);
};
