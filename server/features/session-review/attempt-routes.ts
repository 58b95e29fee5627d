import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AttemptPatchWire } from "../../../domain/session-review/attempt-patch.ts";
import { AttemptWire } from "../../../domain/session-review/session-detail-wire.ts";
import { AttemptPathParams } from "../../../domain/session-review/session-review-calls.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { games } from "../../db/schema/games.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { type ApiFailure, apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { decodeRequest } from "../../http/decode-request.ts";
import { openRoute } from "../../http/open-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { planCorrection } from "./attempt-correction.ts";
import { loadAttempt } from "./attempt-records.ts";
import { attemptScope, recordNotFound } from "./session-scope.ts";
import { refreshSessionTotals } from "./session-totals.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const decodeParams = decodeRequest(AttemptPathParams, "params");
const decodePatch = decodeRequest(AttemptPatchWire, "body");

/** 409 ERROR_050: the attempt is locked (is_editable false), whatever the body asks. */
const notEditable = (): ApiFailure =>
  apiFailure(409, "ERROR_050", "the attempt is not editable", { field: "is_editable", placeholders: { status: "not editable" } });

/**
 * PATCH attempt/{id}/: a reviewer corrects what the game decided about one attempt
 * (docs/session-review-api.md, "Corrections"). Only editable attempts change; the rules of
 * planCorrection decide the fields; the first correction keeps the original; who corrected it and
 * when are stamped every time; the session's points, accuracy and metrics are recomputed in the
 * same transaction, with the audit row. Answers the attempt as the session detail shows it.
 */
export const registerAttemptRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;
  app.patch(
    "/api/attempt/:id/",
    {
      config: {
        access: { resource: "game_attempt", action: "partial_update" },
        decodes: [decodeParams, decodePatch],
        doc: {
          summary: "Corrects an editable attempt's score, result, transcription (social situations) or word lists (verbal fluency); keeps the original; If-Match or `version` refuses a stale correction (412)",
          scope: "assigned-patients",
          errors: { 400: ["ERROR_003", "ERROR_051", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], 409: ["ERROR_050"], ...STALE_VERSION_ERRORS },
          response: AttemptWire,
          etag: true,
        },
      },
    },
    openRoute(deps, {
      audit: { action: "update", resource: "game_attempt" },
      decode: decodeParams,
      scope: (principal, params) => attemptScope(db, principal, params.id),
    })(async ({ principal, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.recordId);
      const body = decodePatch(request.body);
      if (!body.ok) return refuse(body.failure, "failure", "invalid_body", resourceId);
      const { version: bodyVersion, ...patch } = body.value;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select({
            sessionId: gameAttempts.sessionId,
            isEditable: gameAttempts.isEditable,
            score: gameAttempts.score,
            isCorrect: gameAttempts.isCorrect,
            transcription: gameAttempts.transcription,
            attemptData: gameAttempts.attemptData,
            correctionOriginal: gameAttempts.correctionOriginal,
            gameType: games.type,
            metrics: gameSessions.metrics,
          })
          .from(gameAttempts)
          .innerJoin(gameSessions, eq(gameSessions.id, gameAttempts.sessionId))
          .innerJoin(games, eq(games.id, gameSessions.gameId))
          .where(eq(gameAttempts.id, scope.recordId))
          // The attempt and its session (not the shared game row): two corrections of one session
          // recompute its totals one after the other.
          .for("update", { of: [gameAttempts, gameSessions] });
        if (stored === undefined) return { failure: recordNotFound("attempt"), outcome: "denied" as const, reason: "outside_scope" };
        if (!stored.isEditable) return { failure: notEditable(), outcome: "failure" as const, reason: "not_editable" };
        const planned = planCorrection(stored.gameType, stored, patch);
        if (!planned.ok) return { failure: fromDomainFailure(400, planned, `correction refused: ${planned.code}`), outcome: "failure" as const, reason: "correction_rules" };
        const { original, totalsChange, ...changes } = planned.value;
        const written = await tx
          .update(gameAttempts)
          .set({ ...changes, correctionOriginal: original, correctedByUserId: principal.userId, correctedAt: clock.now(), version: nextVersion(gameAttempts.version) })
          .where(and(eq(gameAttempts.id, scope.recordId), whileAtVersion(gameAttempts.version, expected)))
          .returning({ id: gameAttempts.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        if (totalsChange) await refreshSessionTotals(tx, stored.sessionId, stored.gameType, stored.metrics);
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const attempt = await loadAttempt(db, scope.recordId);
      if (attempt === undefined) return replyWithFailure(reply, recordNotFound("attempt"));
      return sendVersionTag(reply, attempt.version).send(attempt);
    }),
  );
};
