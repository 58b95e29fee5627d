import { and, asc, between, eq, min } from "drizzle-orm";
import { shownRange } from "../../../domain/billing/index.ts";
import type { PatientDataDays } from "../../../domain/billing/data-days-wire.ts";
import { calendarDayIn } from "../../../domain/shared/calendar/zone.ts";
import type { Database } from "../../db/database.ts";
import { institutions } from "../../db/schema/institutions.ts";
import { patientRtmSettings } from "../../db/schema/rtm-settings.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";

/** The answer as the wire writes it (ids unbranded). */
type DataDaysJson = (typeof PatientDataDays)["Encoded"];

/**
 * A patient's data days (issue 24) from the counts kept on write (patient_data_days, migration
 * 0018), never from game_sessions: at most 60 rows by the table's primary key, whatever the
 * patient's history. The first data day is the start of monitoring (the min over the same key).
 */

/** The answer of patients/{id}/rtm/data-days/ for a patient of the caller's institution, as of `now`. */
export const patientDataDaysAt = async (db: Database, institutionId: number, patientId: number, now: Date): Promise<DataDaysJson> => {
  const [institution] = await db.select({ timeZone: institutions.timeZone }).from(institutions).where(eq(institutions.id, institutionId)).limit(1);
  const timeZone = institution?.timeZone ?? "UTC";
  const [first] = await db.select({ day: min(patientDataDays.day) }).from(patientDataDays).where(eq(patientDataDays.patientId, patientId));
  const monitoringStart = first?.day ?? null;
  const today = calendarDayIn(now, timeZone);
  const range = shownRange(monitoringStart, today);
  const days =
    range === null
      ? []
      : await db
          .select({ day: patientDataDays.day, sessions: patientDataDays.sessions })
          .from(patientDataDays)
          .where(and(eq(patientDataDays.patientId, patientId), between(patientDataDays.day, range.from, range.to)))
          .orderBy(asc(patientDataDays.day));
  const [settings] = await db
    .select({ flag: patientRtmSettings.physiologicalMonitoring })
    .from(patientRtmSettings)
    .where(eq(patientRtmSettings.patientId, patientId))
    .limit(1);
  return { patient_id: patientId, time_zone: timeZone, monitoring_start: monitoringStart, today, days, physiological_monitoring: settings?.flag ?? false };
};
