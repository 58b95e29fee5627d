import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { preparedOnce, typedPlaceholder } from "../../db/prepared.ts";
import { type IncrementResult, counterUpdate } from "../../http/rate-limit.ts";
import { type AuthenticDevice, selectDeviceByTokenHash } from "./device-store.ts";
import { deviceTokenHash } from "./device-token.ts";

/**
 * The device lookup and its upload counted in one statement (issue 36, "one arriving session
 * <= 10 ms"): the rate limit needs the device before it can count per device, so they were two
 * round trips before every upload. The counter is the rate-limit store's own row
 * (`rate_limit_counters`, its key `<route>|device:<id>`, the same window rule: counterUpdate), written
 * only when the token is a working device's; an unknown token counts nothing here and is counted
 * by its address as before (upload-rate-limit.ts).
 */
const deviceCountingUse = preparedOnce((db) => {
  const found = db.$with("found").as(selectDeviceByTokenHash(db));
  const now = typedPlaceholder("now", "timestamptz");
  const windowEnd = typedPlaceholder("windowEnd", "timestamptz");
  const update = counterUpdate(sql`c.hits`, sql`c.window_ends_at`, now, windowEnd);
  // `found.id`: a CTE of columns keeps their own names (patient_devices.id for deviceId).
  const counted = db.$with("counted", { hits: sql<number>`hits`, windowEndsMs: sql<number>`window_ends_ms` }).as(
    sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
      select ${typedPlaceholder("keyPrefix", "text")} || found.id, 1, ${windowEnd} from found
      on conflict (key) do update set hits = ${update.hits}, window_ends_at = ${update.windowEndsAt}
      returning c.hits, (extract(epoch from c.window_ends_at) * 1000)::float8 as window_ends_ms`,
  );
  return db
    .with(found, counted)
    .select({
      deviceId: found.deviceId,
      patientId: found.patientId,
      institutionId: found.institutionId,
      patientStatus: found.patientStatus,
      lastUsedAt: found.lastUsedAt,
      hits: sql<number>`counted.hits`,
      windowEndsMs: sql<number>`counted.window_ends_ms`,
    })
    .from(found)
    .leftJoin(counted, sql`true`)
    .prepare("device_by_token_hash_counted");
});

/** Which counter a lookup counts into: the key's start (the route's namespace and `device:`), the window and the time. */
export type UseCounter = { readonly keyPrefix: string; readonly windowMs: number; readonly now: Date };

/** A working device with its upload counted (the store's answer for that hit), or undefined for an unknown, revoked or archived token. */
export const findDeviceCountingUse = async (
  db: Database,
  token: string,
  counter: UseCounter,
): Promise<{ readonly device: AuthenticDevice; readonly hit: IncrementResult } | undefined> => {
  const windowEnd = new Date(counter.now.getTime() + counter.windowMs);
  const [row] = await deviceCountingUse(db).execute({
    tokenHash: deviceTokenHash(token),
    keyPrefix: counter.keyPrefix,
    now: counter.now.toISOString(),
    windowEnd: windowEnd.toISOString(),
  });
  if (row === undefined) return undefined;
  const { hits, windowEndsMs, ...device } = row;
  return { device, hit: { current: Number(hits), ttl: Math.max(0, Number(windowEndsMs) - counter.now.getTime()) } };
};
