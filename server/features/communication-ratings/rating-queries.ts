import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { communicationRatings } from "../../db/schema/communication-ratings.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { users } from "../../db/schema/users.ts";

/** The institution's time zone: the ratings' days are on its calendar (UTC for an unknown one, which has no rows anyway). */
export const ratingZone = async (db: Database, institutionId: number): Promise<string> => {
  const [row] = await db.select({ timeZone: institutions.timeZone }).from(institutions).where(eq(institutions.id, institutionId)).limit(1);
  return row?.timeZone ?? "UTC";
};

type Row = {
  readonly id: number;
  readonly patientId: number;
  readonly scale: string;
  readonly level: number;
  readonly occasion: string;
  readonly ratedOn: string;
  readonly recordedAt: Date;
  readonly raterId: number;
  readonly raterFirstName: string;
  readonly raterLastName: string;
};

/** A rating as the wire writes it (docs/communication-ratings.md); the table's checks hold its scale, level and occasion to the domain's. */
export type RatingJson = {
  readonly id: number;
  readonly patient_id: number;
  readonly scale: string;
  readonly level: number;
  readonly occasion: string;
  readonly rated_on: string;
  readonly rated_by: { readonly id: number; readonly first_name: string; readonly last_name: string };
  readonly recorded_at: string;
};

const toWire = (row: Row): RatingJson => ({
  id: row.id,
  patient_id: row.patientId,
  scale: row.scale,
  level: row.level,
  occasion: row.occasion,
  rated_on: row.ratedOn,
  rated_by: { id: row.raterId, first_name: row.raterFirstName, last_name: row.raterLastName },
  recorded_at: row.recordedAt.toISOString(),
});

const selection = {
  id: communicationRatings.id,
  patientId: communicationRatings.patientId,
  scale: communicationRatings.scale,
  level: communicationRatings.level,
  occasion: communicationRatings.occasion,
  ratedOn: communicationRatings.ratedOn,
  recordedAt: communicationRatings.recordedAt,
  raterId: users.id,
  raterFirstName: users.firstName,
  raterLastName: users.lastName,
};

/** Every rating of the patient, oldest first (day, then written order), with who rated it. */
export const patientRatings = async (db: Database, patientId: number): Promise<RatingJson[]> => {
  const rows = await db
    .select(selection)
    .from(communicationRatings)
    .innerJoin(users, eq(users.id, communicationRatings.ratedByUserId))
    .where(eq(communicationRatings.patientId, patientId))
    .orderBy(asc(communicationRatings.ratedOn), asc(communicationRatings.recordedAt), asc(communicationRatings.id));
  return rows.map(toWire);
};

/** The ratings of the given ids, as the answer to the POST that wrote them (in scale order as written). */
export const ratingsByIds = async (db: Database, ids: readonly number[]): Promise<RatingJson[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select(selection)
    .from(communicationRatings)
    .innerJoin(users, eq(users.id, communicationRatings.ratedByUserId))
    .where(inArray(communicationRatings.id, [...ids]))
    .orderBy(asc(communicationRatings.id));
  return rows.map(toWire);
};
