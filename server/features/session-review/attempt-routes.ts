import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { planCorrection } from "../../../domain/session-review/correction-plan.ts";
import type { AttemptCorrectionAnswer } from "../../../domain/session-review/correction-answer.ts";
import { sessionFigures } from "../../../domain/session-review/session-figures.ts";
import { attemptCorrectionEndpoint } from "../../../domain/session-review/session-review-endpoints.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { games } from "../../db/schema/games.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { type ApiFailure, apiFailure, fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { writeAttempt } from "./attempt-records.ts";
import { previousSessionFigures } from "./session-detail.ts";
import { attemptScope, recordNotFound } from "./session-scope.ts";
import { refreshSessionTotals } from "./session-totals.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

/** 409 ERROR_050: the attempt is locked (is_editable false), whatever the body asks. */
const notEditable = (): ApiFailure =>
  apiFailure(409, "ERROR_050", "the attempt is not editable", { field: "is_editable", placeholders: { status: "not editable" } });

/** The answer's wire form: the attempt as the detail writes it, and the session's figures. */
type CorrectionJson = (typeof AttemptCorrectionAnswer)["Encoded"];

/**
 * PATCH attempt/{id}/: a reviewer corrects what the game decided about one attempt
 * (docs/session-review-api.md, "Corrections"). The handler reads the attempt, asks the domain's
 * planCorrection what to write (or why not), writes it, recomputes the session's totals when they
 * move, audits, all in one transaction; the answer is the attempt the update returned and the
 * session's figures as the transaction left them, so the page needs no second read.
 */
export const registerAttemptRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;
  routeEndpoint(
    app,
    deps,
    attemptCorrectionEndpoint,
    {
      access: { resource: "game_attempt", action: "partial_update" },
      doc: {
        summary:
          "Corrects an editable attempt's score, result, transcription (social situations) or word lists (verbal fluency); keeps the original; answers the attempt and the session's figures; If-Match or `version` refuses a stale correction (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_051", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], 409: ["ERROR_050"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "game_attempt" },
      scope: (principal, { params }) => attemptScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.recordId);
      const { version: bodyVersion, ...patch } = body;
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
            totalScore: gameSessions.totalScore,
            accuracyPercentage: gameSessions.accuracyPercentage,
            durationSeconds: gameSessions.durationSeconds,
            metrics: gameSessions.metrics,
            challengeCount: sql<number>`(select count(*) from ${gameChallenges} where ${gameChallenges.sessionId} = ${gameSessions.id})`.mapWith(Number),
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
        const attempt = await writeAttempt(
          tx,
          tx
            .update(gameAttempts)
            .set({ ...changes, correctionOriginal: original, correctedByUserId: principal.userId, correctedAt: clock.now(), version: nextVersion(gameAttempts.version) })
            .where(and(eq(gameAttempts.id, scope.recordId), whileAtVersion(gameAttempts.version, expected)))
            .returning(),
          scope.recordId,
        );
        if (attempt === undefined) {
          return expected === undefined
            ? { failure: recordNotFound("attempt"), outcome: "denied" as const, reason: "outside_scope" }
            : { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        }
        const totals = totalsChange ? await refreshSessionTotals(tx, stored.sessionId, stored.gameType, stored.metrics) : stored;
        const figures = sessionFigures(
          stored.gameType,
          { totalScore: totals.totalScore, accuracyPercentage: totals.accuracyPercentage, metrics: totals.metrics, durationSeconds: stored.durationSeconds, challengeCount: stored.challengeCount },
          await previousSessionFigures(tx, stored.sessionId),
        );
        await audit("success", null, resourceId, tx);
        const answer: CorrectionJson = { ...attempt, session: { id: stored.sessionId, ...figures } };
        return { done: true as const, answer };
      });
      if (outcome.done !== true) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      return sendVersionTag(reply, outcome.answer.version).send(outcome.answer);
    },
  );
};
