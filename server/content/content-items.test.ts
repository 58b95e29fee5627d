import * as Schema from "effect/Schema";
import * as Result from "effect/Result";
import { describe, expect, it } from "vitest";
import { MedicationContent } from "../../domain/session-review/attempt-mapping/medication-management.ts";
import { MemoryGridContent } from "../../domain/session-review/attempt-mapping/memory-grid.ts";
import { NamingContent } from "../../domain/session-review/attempt-mapping/naming.ts";
import { ParrotContent } from "../../domain/session-review/attempt-mapping/parrot.ts";
import { PillSortingContent } from "../../domain/session-review/attempt-mapping/pill-sorting.ts";
import { SocialSituationContent } from "../../domain/session-review/attempt-mapping/social-situations.ts";
import { VerbalFluencyContent } from "../../domain/session-review/attempt-mapping/verbal-fluency.ts";
import type { GameType } from "../../domain/shared/games/game-type.ts";
import { demoImage } from "../media/demo-images.ts";
import { ALL_CONTENT, exerciseContent } from "./exercise-content.ts";

const CONTENT_SCHEMA: Readonly<Record<GameType, Schema.ConstraintDecoder<unknown>>> = {
  medication_management: MedicationContent,
  memory_grid: MemoryGridContent,
  naming: NamingContent,
  social_situations: SocialSituationContent,
  verbal_fluency: VerbalFluencyContent,
  pill_sorting: PillSortingContent,
  chitchat_ai: Schema.Struct({}),
  parrot: ParrotContent,
};

describe("exercise content items", () => {
  it.each(ALL_CONTENT.map(({ game, difficulty }) => [game, difficulty] as const))(
    "%s at %s decode as the session detail's challenge content (docs/attempt-mapping.md)",
    (game, difficulty) => {
      const decode = Schema.decodeUnknownResult(CONTENT_SCHEMA[game]);
      for (const item of exerciseContent(game, difficulty)?.items ?? []) expect(Result.isSuccess(decode(item))).toBe(true);
    },
  );

  it("offers social-situation options at easy level only", () => {
    expect(exerciseContent("social_situations", "easy")?.items.every((item) => Array.isArray(item.options) && item.options.length === 3)).toBe(true);
    expect(exerciseContent("social_situations", "hard")?.items.every((item) => Array.isArray(item.options) && item.options.length === 0)).toBe(true);
  });

  it("points every picture URL at a picture the server has", () => {
    const urls = ALL_CONTENT.flatMap(({ game, difficulty }) => exerciseContent(game, difficulty)?.items ?? []).flatMap((item) =>
      Object.values(item).filter((value): value is string => typeof value === "string" && value.startsWith("/api/media/image/")),
    );
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) expect(demoImage(url.replace("/api/media/image/", "").replace(".svg", "")), url).toBeDefined();
  });
});
