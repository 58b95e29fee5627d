import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { clearTemplateEndpoint, createTemplateEndpoint, duplicateTemplateEndpoint, templateEndpoint, templatesEndpoint, updateTemplateEndpoint } from "../../../domain/exercises/templates-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { exerciseTemplates } from "../../db/schema/games.ts";
import { type ApiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { Principal } from "../../http/principal.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { checkGameForms } from "./check-game-forms.ts";
import { offerById, offeredGames } from "./offered-games.ts";
import { type OneTemplate, checkTemplateName, duplicateNameAsFailure, formsOf, loadTemplate, loadTemplates, templateNotFound, templateScope, visibleTo, writeForms } from "./template-store.ts";
import { copyName, createScope, listScope } from "./template-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const NAME_ERRORS = ["ERROR_003", "ERROR_004", "ERROR_031"] as const;
const FORM_ERRORS = ["ERROR_030", "ERROR_031", "ERROR_052", "ERROR_056"] as const;
const RESOURCE = "exercise_template";

/**
 * Exercise templates (docs/exercises-api.md): named sets of assignment forms that institution
 * and super administrators list, create, update, duplicate and clear. Names follow the
 * configuration-name rules and are unique per owner; forms follow the owner's games and their
 * content files' limits. Every call leaves an audit row on exercise_template.
 */
export const registerTemplateRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    templatesEndpoint,
    {
      access: { resource: "game", action: "list_configurations" },
      doc: {
        summary: "The exercise templates an owner may use: an institution's and the platform's (super admin: the platform's, or an institution's with ?institution=)",
        scope: "own-institution",
        errors: { 403: ["ERROR_001"], 404: ["ERROR_030"] },
      },
      audit: { action: "list", resource: RESOURCE },
      scope: (principal, { query }) => listScope(db, principal, query.institution),
    },
    async ({ scope, audit }) => {
      const body = await loadTemplates(db, visibleTo(scope.institutionId));
      await audit("success", null, scope.institutionId === null ? null : String(scope.institutionId));
      return body;
    },
  );

  routeEndpoint(
    app,
    deps,
    createTemplateEndpoint,
    {
      access: { resource: "game", action: "create" },
      doc: {
        summary: "Create an exercise template: a name and games with their forms, for the caller's institution (super admin: the platform or any institution)",
        scope: "own-institution",
        errors: { 400: [...NAME_ERRORS, ...FORM_ERRORS], 403: ["ERROR_001", "ERROR_075"] },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: RESOURCE },
      scope: (principal, { body }) => createScope(db, principal, body),
    },
    async ({ principal, input: { body: input }, scope, audit, refuse }, _request, reply) => {
      const name = await checkTemplateName(db, input.name ?? "", scope.institutionId, null);
      if (!name.ok) return refuse(name.failure, "failure", "template_name");
      const formFailure = checkGameForms(input.games, offerById(await offeredGames(db, scope.institutionId)));
      if (formFailure !== undefined) return refuse(formFailure, "failure", "template_forms");
      const created = await duplicateNameAsFailure(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(exerciseTemplates)
            .values({ institutionId: scope.institutionId, name: name.value, createdByUserId: principal.userId, createdAt: now, updatedAt: now })
            .returning({ id: exerciseTemplates.id });
          if (row === undefined) throw new Error("template insert returned no row");
          await writeForms(tx, row.id, input.games);
          await audit("success", null, String(row.id), tx);
          return row.id;
        }),
      );
      if (typeof created !== "number") return refuse(created.failure, "failure", "template_name");
      return replyWithTemplate(reply, created, 201);
    },
  );

  const replyWithTemplate = async (reply: FastifyReply, templateId: number, status = 200): Promise<FastifyReply> => {
    const template = await loadTemplate(db, templateId);
    if (template === undefined) return replyWithFailure(reply, templateNotFound());
    return sendVersionTag(reply, template.version).code(status).send(template);
  };

  /** The audit and scope of a call on one template: the caller's institution's, or a platform one they may read. */
  const oneTemplate = (action: string, use: "read" | "change") => ({
    audit: { action, resource: RESOURCE },
    scope: (principal: Principal, { params }: { readonly params: { readonly id: number } }) => templateScope(db, principal, params.id, use),
  });

  routeEndpoint(
    app,
    deps,
    templateEndpoint,
    {
      access: { resource: "game", action: "list_configurations" },
      doc: { summary: "One exercise template with its games and forms", scope: "institution-records", errors: { 403: ["ERROR_001"], 404: ["ERROR_030"] }, etag: true },
      ...oneTemplate("read", "read"),
    },
    async ({ scope, audit }, _request, reply) => {
      await audit("success", null, String(scope.templateId));
      return replyWithTemplate(reply, scope.templateId);
    },
  );

  /**
   * Runs a change of one template in a transaction with its audit row; a lost name race answers
   * the name rule. The version moves first, only while it is the one the writer saw (none: any),
   * so a stale write changes nothing and concurrent writers of one template take turns.
   */
  const change = async (
    scope: OneTemplate,
    expected: number | undefined,
    audit: (outcome: "success", reason: null, id: string, tx: Database) => Promise<void>,
    work: (tx: Database) => Promise<void>,
  ): Promise<true | { readonly failure: ApiFailure; readonly reason: string }> =>
    duplicateNameAsFailure(() =>
      db.transaction(async (tx) => {
        const moved = await tx
          .update(exerciseTemplates)
          .set({ updatedAt: clock.now(), version: nextVersion(exerciseTemplates.version) })
          .where(and(eq(exerciseTemplates.id, scope.templateId), whileAtVersion(exerciseTemplates.version, expected)))
          .returning({ id: exerciseTemplates.id });
        if (moved.length === 0) return expected === undefined ? { failure: templateNotFound(), reason: "unknown_template" } : { failure: staleVersionFailure(expected), reason: "stale_version" };
        await work(tx);
        await audit("success", null, String(scope.templateId), tx);
        return true as const;
      }),
    ).then((done) => (done === true || "reason" in done ? done : { failure: done.failure, reason: "template_name" }));

  routeEndpoint(
    app,
    deps,
    updateTemplateEndpoint,
    {
      access: { resource: "game", action: "update" },
      doc: {
        summary: "Rename an exercise template and replace all its games and forms; If-Match or `version` refuses a stale edit (412)",
        scope: "institution-records",
        errors: { 400: [...NAME_ERRORS, ...FORM_ERRORS], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      ...oneTemplate("update", "change"),
    },
    async ({ input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.templateId);
      const version = versionOfRequest(request, body.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const name = await checkTemplateName(db, body.name ?? "", scope.institutionId, scope.templateId);
      if (!name.ok) return refuse(name.failure, "failure", "template_name", resourceId);
      const formFailure = checkGameForms(body.games, offerById(await offeredGames(db, scope.institutionId)));
      if (formFailure !== undefined) return refuse(formFailure, "failure", "template_forms", resourceId);
      const done = await change(scope, version.value, audit, async (tx) => {
        await tx.update(exerciseTemplates).set({ name: name.value }).where(eq(exerciseTemplates.id, scope.templateId));
        await writeForms(tx, scope.templateId, body.games);
      });
      if (done !== true) return refuse(done.failure, done.failure.status === 404 ? "denied" : "failure", done.reason, resourceId);
      return replyWithTemplate(reply, scope.templateId);
    },
  );

  routeEndpoint(
    app,
    deps,
    clearTemplateEndpoint,
    {
      access: { resource: "game", action: "clear_content" },
      doc: {
        summary: "Empty an exercise template of its games and forms; its name stays; If-Match or `version` refuses a stale clear (412)",
        scope: "institution-records",
        errors: { 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      ...oneTemplate("clear_content", "change"),
    },
    async ({ input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.templateId);
      const version = versionOfRequest(request, body?.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const done = await change(scope, version.value, audit, (tx) => writeForms(tx, scope.templateId, []));
      if (done !== true) return refuse(done.failure, done.failure.status === 404 ? "denied" : "failure", done.reason, resourceId);
      return replyWithTemplate(reply, scope.templateId);
    },
  );

  routeEndpoint(
    app,
    deps,
    duplicateTemplateEndpoint,
    {
      access: { resource: "game", action: "duplicate" },
      doc: {
        summary: "Copy an exercise template (a platform one into the caller's institution) under a new name, by default '<name> (copy)'",
        scope: "institution-records",
        errors: { 400: NAME_ERRORS, 403: ["ERROR_001"], 404: ["ERROR_030"] },
        status: 201,
      },
      ...oneTemplate("duplicate", "read"),
    },
    async ({ principal, input, scope, audit, refuse }, _request, reply) => {
      const resourceId = String(scope.templateId);
      const asked = input.body?.name;
      // The super administrator's copy stays with the original's owner; an administrator's goes to their institution.
      const owner = principal.role === "super_admin" ? scope.institutionId : principal.institutionId;
      const source = await loadTemplate(db, scope.templateId);
      if (source === undefined) return refuse(templateNotFound(), "denied", "unknown_template", resourceId);
      let name: string;
      if (asked === undefined) name = await copyName(db, source.name, owner);
      else {
        const checked = await checkTemplateName(db, asked, owner, null);
        if (!checked.ok) return refuse(checked.failure, "failure", "template_name", resourceId);
        name = checked.value;
      }
      const created = await duplicateNameAsFailure(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(exerciseTemplates)
            .values({ institutionId: owner, name, createdByUserId: principal.userId, createdAt: now, updatedAt: now })
            .returning({ id: exerciseTemplates.id });
          if (row === undefined) throw new Error("template insert returned no row");
          await writeForms(tx, row.id, formsOf(source));
          // The row names the original; the copy's id is in the answer.
          await audit("success", null, resourceId, tx);
          return row.id;
        }),
      );
      if (typeof created !== "number") return refuse(created.failure, "failure", "template_name", resourceId);
      return replyWithTemplate(reply, created, 201);
    },
  );
};
