import type { FastifyInstance } from "fastify";
import { communicationRatingCreateEndpoint, communicationRatingListEndpoint } from "../../../domain/communication-ratings/communication-ratings-endpoints.ts";
import { ratingBodyProblem } from "../../../domain/communication-ratings/rating-check.ts";
import { RATING_SCALES } from "../../../domain/communication-ratings/rating-scales.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { communicationRatings } from "../../db/schema/communication-ratings.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { onePatientScope } from "../../http/patient-scope.ts";
import { patientRatings, ratingsByIds, ratingZone } from "./rating-queries.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/**
 * A patient's functional communication ratings (issue 37, docs/communication-ratings.md). Who may
 * see and rate follows the patient's record: the `goals` permission and the patient in the
 * caller's slice (another SLP's patient or another institution's reads as unknown, 404; the super
 * administrator 403). Every read and write is one audit row in the same transaction. A rating is
 * kept: there is no edit or removal, a correction is a new rating.
 */
export const registerCommunicationRatingRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    communicationRatingListEndpoint,
    {
      access: { resource: "goals", action: "list" },
      doc: { summary: "A patient's functional communication ratings, oldest first, with the institution's zone and today on its calendar", scope: "assigned-patients", errors: ERRORS },
      audit: { action: "read", resource: "communication_ratings" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ scope, audit }, _request, reply) => {
      const body = await db.transaction(async (tx) => {
        const timeZone = await ratingZone(tx, scope.institutionId);
        const ratings = await patientRatings(tx, scope.patientId);
        await audit("success", null, String(scope.patientId), tx);
        return { today: calendarDayIn(clock.now(), timeZone), time_zone: timeZone, ratings };
      });
      return reply.send(body);
    },
  );

  routeEndpoint(
    app,
    deps,
    communicationRatingCreateEndpoint,
    {
      access: { resource: "goals", action: "create" },
      doc: {
        summary: "Rates a patient on one or more of the eight 7-level functional communication scales at an evaluation, a progress report or a discharge, on a day not after today (the institution's calendar); a correction is a new rating",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_056"], ...ERRORS },
      },
      audit: { action: "create", resource: "communication_rating" },
      scope: (principal, { params }) => onePatientScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const timeZone = await ratingZone(db, scope.institutionId);
      const problem = ratingBodyProblem(body.rated_on, body.levels, calendarDayIn(clock.now(), timeZone));
      if (problem !== null) return refuse(apiFailure(400, "ERROR_056", problem.message, { field: problem.field }), "failure", `invalid_${problem.field}`, String(scope.patientId));
      const recordedAt = clock.now();
      const ids = await db.transaction(async (tx) => {
        const rows = RATING_SCALES.flatMap((scale) => {
          const level = body.levels[scale];
          return level === undefined
            ? []
            : [{ patientId: scope.patientId, institutionId: scope.institutionId, scale, level, occasion: body.occasion, ratedOn: body.rated_on, ratedByUserId: principal.userId, recordedAt }];
        });
        const written = await tx.insert(communicationRatings).values(rows).returning({ id: communicationRatings.id });
        await audit("success", null, String(scope.patientId), tx);
        return written.map((row) => row.id);
      });
      return reply.code(201).send({ ratings: await ratingsByIds(db, ids) });
    },
  );
};
