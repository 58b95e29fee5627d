import type { Difficulty } from "../../domain/shared/games/difficulty.ts";
import { GAME_TYPES, type GameType } from "../../domain/shared/games/game-type.ts";
import { exerciseContent } from "../content/exercise-content.ts";
import { exerciseTemplateForms, exerciseTemplates, games, institutionGames } from "../db/schema/games.ts";
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

type TemplatePlan = {
  readonly owner: DemoInstitutionKey | null;
  readonly name: string;
  readonly games: ReadonlyArray<readonly [GameType, readonly Difficulty[]]>;
};

/** The demo's exercise templates: two of Riverside's, one of Lakeside's, one platform-wide. */
export const DEMO_TEMPLATES: readonly TemplatePlan[] = [
  { owner: "riverside", name: "Aphasia starter", games: [["naming", ["easy", "medium"]], ["parrot", ["easy", "medium"]]] },
  { owner: "riverside", name: "Memory and daily living", games: [["memory_grid", ["easy", "medium"]], ["medication_management", ["easy"]]] },
  { owner: "lakeside", name: "Naming basics", games: [["naming", ["easy"]], ["verbal_fluency", ["easy"]]] },
  { owner: null, name: "Conversation warm-up", games: [["social_situations", ["easy"]], ["chitchat_ai", ["easy"]]] },
];

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
  // Templates: a few named sets of forms per institution and one platform-wide, within each file's limits.
  const templateAt = daysBefore(baseDate, 380);
  for (const plan of DEMO_TEMPLATES) {
    const [row] = await db
      .insert(exerciseTemplates)
      .values({ institutionId: plan.owner === null ? null : (institutionIds.get(plan.owner) ?? null), name: plan.name, createdAt: templateAt, updatedAt: templateAt })
      .returning({ id: exerciseTemplates.id });
    if (row === undefined) throw new Error("template insert returned no row");
    const forms = plan.games.flatMap(([type, levels]) =>
      levels.map((difficulty) => {
        const limits = exerciseContent(type, difficulty)?.configuration;
        if (limits === undefined) throw new Error(`${type} has no ${difficulty} content`);
        return {
          templateId: row.id,
          gameId: idOf(type),
          difficulty,
          amountChallenges: Math.min(4, limits.max_challenges),
          amountTrials: Math.min(2, limits.max_amount_trials),
          minRepetitionsPerDay: limits.min_repetitions_per_day,
          maxRepetitionsPerDay: limits.max_repetitions_per_day,
          unlimited: false,
        };
      }),
    );
    await db.insert(exerciseTemplateForms).values(forms.map((form, index) => ({ ...form, position: index + 1 })));
  }
  return { institutionIds, gameIds, gamesOf };
};
