import { limitColumnsOf } from "./check-game-forms.ts";
import { type SQL, and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { type ExerciseTemplate, type GameFormsWire, type TemplateGame, validateConfigurationName } from "../../../domain/exercises/index.ts";

import { ExerciseTemplateId, GameId, InstitutionId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { exerciseTemplateForms, exerciseTemplates, games } from "../../db/schema/games.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import { unlessUniqueViolation } from "../../db/unique-violation.ts";

/** A template the caller reaches: its id and owner (null: the platform's). */
export type OneTemplate = { readonly templateId: number; readonly institutionId: number | null; readonly name: string };

export const templateNotFound = (): ApiFailure =>
  apiFailure(404, "ERROR_030", "template not found for the caller", { placeholders: { field_name: "template" } });

/**
 * The `institution-records` scope of a template: the super administrator any; administrators their
 * institution's and, to read or copy, the platform's (changing one is 403); another institution's
 * and an unknown id 404 alike; an SLP 403.
 */
export const templateScope = async (
  db: Database,
  principal: Principal,
  templateId: number,
  use: "read" | "change",
): Promise<ScopeDecision<OneTemplate>> => {
  const resourceId = String(templateId);
  if (principal.role === "staff") return { ok: false, failure: apiFailure(403, "ERROR_001", "SLPs keep no templates"), reason: "slp_has_no_templates", resourceId };
  const [row] = await db
    .select({ id: exerciseTemplates.id, institutionId: exerciseTemplates.institutionId, name: exerciseTemplates.name })
    .from(exerciseTemplates)
    .where(eq(exerciseTemplates.id, templateId))
    .limit(1);
  const found = row === undefined ? undefined : { templateId: row.id, institutionId: row.institutionId, name: row.name };
  if (found === undefined) return { ok: false, failure: templateNotFound(), reason: "unknown_template", resourceId };
  if (principal.role === "super_admin" || found.institutionId === principal.institutionId) return { ok: true, scope: found, resourceId };
  if (found.institutionId === null) {
    return use === "read"
      ? { ok: true, scope: found, resourceId }
      : { ok: false, failure: apiFailure(403, "ERROR_001", "platform templates are the super administrator's"), reason: "platform_template", resourceId };
  }
  return { ok: false, failure: templateNotFound(), reason: "outside_scope", resourceId };
};

/** Templates visible to an owner: theirs and the platform's (null: the platform's only). */
export const visibleTo = (institutionId: number | null): SQL =>
  institutionId === null
    ? isNull(exerciseTemplates.institutionId)
    : (or(isNull(exerciseTemplates.institutionId), eq(exerciseTemplates.institutionId, institutionId)) as SQL);

/** The templates matching a condition as the wire shows them, by name (case aside), then id. */
export const loadTemplates = async (db: Database, where: SQL): Promise<ExerciseTemplate[]> => {
  const rows = await db
    .select()
    .from(exerciseTemplates)
    .where(where)
    .orderBy(asc(sql`lower(${exerciseTemplates.name})`), asc(exerciseTemplates.id));
  if (rows.length === 0) return [];
  const forms = await db
    .select({ form: exerciseTemplateForms, game: { id: games.id, type: games.type, name: games.name } })
    .from(exerciseTemplateForms)
    .innerJoin(games, eq(games.id, exerciseTemplateForms.gameId))
    .where(
      inArray(
        exerciseTemplateForms.templateId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(exerciseTemplateForms.position), asc(exerciseTemplateForms.id));
  return rows.map((row) => {
    const byGame: TemplateGame[] = [];
    for (const { form, game } of forms.filter((entry) => entry.form.templateId === row.id)) {
      const wireForm = {
        difficulty: form.difficulty,
        amount_challenges: form.amountChallenges,
        amount_trials: form.amountTrials,
        min_repetitions_per_day: form.minRepetitionsPerDay,
        max_repetitions_per_day: form.maxRepetitionsPerDay,
        unlimited: form.unlimited,
      };
      const index = byGame.findIndex((entry) => entry.game.id === game.id);
      if (index < 0) byGame.push({ game: { id: GameId.make(game.id), type: game.type, name: game.name }, forms: [wireForm] });
      else {
        const entry = byGame[index];
        if (entry !== undefined) byGame[index] = { ...entry, forms: [...entry.forms, wireForm] };
      }
    }
    return {
      id: ExerciseTemplateId.make(row.id),
      name: row.name,
      institution: row.institutionId === null ? null : InstitutionId.make(row.institutionId),
      games: byGame,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
    };
  });
};

export const loadTemplate = async (db: Database, templateId: number): Promise<ExerciseTemplate | undefined> =>
  (await loadTemplates(db, eq(exerciseTemplates.id, templateId)))[0];

const nameTaken = (): ApiFailure =>
  apiFailure(400, "ERROR_031", "template name taken for this owner", { field: "name", placeholders: { field_name: "name" } });

/**
 * A template name: the configuration-name rules (ERROR_003 required, ERROR_004 at least 2
 * characters, after trimming), then unique for its owner whatever the case (ERROR_031 "The name
 * already exists"). Returns the trimmed name.
 */
export const checkTemplateName = async (
  db: Database,
  name: string,
  institutionId: number | null,
  exceptId: number | null,
): Promise<{ ok: true; value: string } | { ok: false; failure: ApiFailure }> => {
  const valid = validateConfigurationName(name);
  if (!valid.ok) return { ok: false, failure: fromDomainFailure(400, valid, "configuration name rule") };
  return (await nameIsFree(db, valid.value, institutionId, exceptId)) ? { ok: true, value: valid.value } : { ok: false, failure: nameTaken() };
};

export const nameIsFree = async (db: Database, name: string, institutionId: number | null, exceptId: number | null): Promise<boolean> => {
  const owner = institutionId === null ? isNull(exerciseTemplates.institutionId) : eq(exerciseTemplates.institutionId, institutionId);
  const same = and(owner, sql`lower(${exerciseTemplates.name}) = lower(${name})`, exceptId === null ? undefined : ne(exerciseTemplates.id, exceptId));
  const [row] = await db.select({ id: exerciseTemplates.id }).from(exerciseTemplates).where(same).limit(1);
  return row === undefined;
};

/** A change that lost a race on the name index reads as the name rule's own answer. */
export const duplicateNameAsFailure = <A>(change: () => Promise<A>): Promise<A | { readonly failure: ApiFailure }> =>
  unlessUniqueViolation("exercise_templates_name_key", change, () => ({ failure: nameTaken() }));

/** Replaces a template's forms with the given games' forms, in the order given. */
export const writeForms = async (tx: Database, templateId: number, entries: readonly GameFormsWire[]): Promise<void> => {
  await tx.delete(exerciseTemplateForms).where(eq(exerciseTemplateForms.templateId, templateId));
  const rows = entries.flatMap((entry) =>
    entry.forms.map((form) => ({ templateId, ...limitColumnsOf(entry.game, form) })),
  );
  if (rows.length > 0) await tx.insert(exerciseTemplateForms).values(rows.map((row, position) => ({ ...row, position: position + 1 })));
};

/** A template's forms as a request would send them (for assigning or copying it). */
export const formsOf = (template: ExerciseTemplate): GameFormsWire[] => template.games.map((entry) => ({ game: entry.game.id, forms: entry.forms }));
