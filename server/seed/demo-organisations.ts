import { GAME_TYPES, type GameType } from "../../domain/shared/games/game-type.ts";
import { exerciseContent, levelsAvailable } from "../content/exercise-content.ts";
import { games, exerciseConfigurations, institutionGames } from "../db/schema/games.ts";
import { institutionAllowedDomains, institutions } from "../db/schema/institutions.ts";
import { DEMO_INSTITUTIONS, type DemoInstitutionKey } from "./demo-accounts.ts";
import { type SeedContext, daysBefore } from "./seed-context.ts";

export type DemoOrganisations = {
  readonly institutionIds: ReadonlyMap<DemoInstitutionKey, number>;
  readonly gameIds: ReadonlyMap<GameType, number>;
  /** The games each institution has switched on. */
  readonly gamesOf: ReadonlyMap<DemoInstitutionKey, readonly GameType[]>;
};

/** Lakeside runs a smaller programme: the five spoken and memory games. */
const LAKESIDE_GAMES: readonly GameType[] = ["naming", "parrot", "memory_grid", "verbal_fluency", "social_situations"];

/** The two demo institutions, their e-mail domains, their games and a few exercise templates. */
export const seedOrganisations = async ({ db, baseDate }: SeedContext): Promise<DemoOrganisations> => {
  const institutionIds = new Map<DemoInstitutionKey, number>();
  for (const [index, institution] of DEMO_INSTITUTIONS.entries()) {
    const created = daysBefore(baseDate, 720 - index * 200);
    const [row] = await db
      .insert(institutions)
      .values({ name: institution.name, description: institution.description, createdAt: created, updatedAt: created })
      .returning({ id: institutions.id });
    if (row === undefined) throw new Error("institution insert returned no row");
    institutionIds.set(institution.key, row.id);
    await db.insert(institutionAllowedDomains).values(institution.domains.map((domain) => ({ institutionId: row.id, domain })));
  }
  const gameIds = new Map((await db.select({ id: games.id, type: games.type }).from(games)).map((row) => [row.type, row.id]));
  const gamesOf = new Map<DemoInstitutionKey, readonly GameType[]>([
    ["riverside", GAME_TYPES],
    ["lakeside", LAKESIDE_GAMES],
  ]);
  const idOf = (type: GameType): number => {
    const id = gameIds.get(type);
    if (id === undefined) throw new Error(`game ${type} is missing: reference data must be synced first`);
    return id;
  };
  for (const [key, types] of gamesOf) {
    const institutionId = institutionIds.get(key) ?? 0;
    await db.insert(institutionGames).values(types.map((type) => ({ institutionId, gameId: idOf(type), assignedAt: daysBefore(baseDate, 400) })));
  }
  // Templates: a gentle start and a stretch plan per game and level, platform-wide and per institution.
  const templates = GAME_TYPES.flatMap((type) =>
    levelsAvailable(type).map((difficulty) => {
      const limits = exerciseContent(type, difficulty)?.configuration;
      const challenges = limits?.max_challenges ?? 5;
      return {
        gameId: idOf(type),
        institutionId: difficulty === "hard" ? (institutionIds.get("riverside") ?? null) : null,
        name: `${difficulty === "easy" ? "Gentle start" : difficulty === "medium" ? "Steady practice" : "Stretch goal"} (${difficulty})`,
        difficulty,
        amountChallenges: Math.max(1, Math.min(challenges, difficulty === "easy" ? 4 : challenges)),
        amountTrials: limits?.max_amount_trials ?? 2,
        minRepetitionsPerDay: 1,
        maxRepetitionsPerDay: limits?.max_repetitions_per_day ?? 2,
        unlimited: false,
        createdAt: daysBefore(baseDate, 380),
        updatedAt: daysBefore(baseDate, 380),
      };
    }),
  );
  await db.insert(exerciseConfigurations).values(templates);
  return { institutionIds, gameIds, gamesOf };
};
