import { check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { RATING_OCCASIONS, RATING_SCALES } from "../../../domain/communication-ratings/rating-scales.ts";
import { institutions } from "./institutions.ts";
import { oneOf } from "./one-of.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * A patient's functional communication ratings (issue 37, docs/communication-ratings.md): one row
 * per scale rated at an evaluation, a progress report or a discharge. A row is never updated nor
 * deleted: a correction is a newer row of the same scale and day (the later written stands for the
 * day). institution_id is the patient's, kept so no read crosses institutions by mistake.
 */
export const communicationRatings = pgTable(
  "communication_ratings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer("patient_id")
      .notNull()
      .references(() => patients.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    scale: text("scale").notNull(),
    level: integer("level").notNull(),
    occasion: text("occasion").notNull(),
    ratedOn: date("rated_on", { mode: "string" }).notNull(),
    ratedByUserId: integer("rated_by_user_id")
      .notNull()
      .references(() => users.id),
    recordedAt: instant("recorded_at").notNull(),
  },
  (t) => [
    oneOf("communication_ratings_scale_check", t.scale, RATING_SCALES),
    oneOf("communication_ratings_occasion_check", t.occasion, RATING_OCCASIONS),
    check("communication_ratings_level_check", sql`${t.level} between 1 and 7`),
    index("communication_ratings_patient_idx").on(t.patientId, t.scale, t.ratedOn),
  ],
);
