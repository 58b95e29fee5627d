import * as Schema from "effect/Schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RtmListResponse } from "../../../domain/billing/rtm-list-wire.ts";
import { rowsOf } from "../../db/rows-of.ts";
import { patientDataDays } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import { STATUS_IN_READ_MAX } from "./rtm-list-queries.ts";
import { startRtmStatusPass } from "./rtm-status-store-pass.ts";

// How much a status-filtered /rtm read works out itself (issue 36, docs/billing.md "/rtm"): a few
// missing statuses (up to STATUS_IN_READ_MAX) before it answers; more, none: it answers at once with
// what is kept and how many are pending, and the background pass works them out, once.
const SETUP_TIMEOUT = 180_000;
const decode = Schema.decodeUnknownSync(RtmListResponse);

describe.each(TEST_DRIVERS)("what a status read works out itself, on %s", (driver) => {
  let world: PatientsWorld;
  let db: PatientsWorld["t"]["database"]["db"];
  const kept = async (): Promise<number> =>
    Number(rowsOf(await db.execute(sql`select count(*)::int as n from rtm_month_statuses where month = '2026-03' and not stale`))[0]?.n);
  const atRisk = async () => {
    const response = await world.t.app.inject({ method: "GET", url: "/api/rtm/?status=at%20risk&page_size=10", headers: world.headers.admin });
    expect(response.statusCode, response.body).toBe(200);
    return decode(response.json());
  };

  beforeAll(async () => {
    world = await patientsWorld(driver, "rtmbound");
    db = world.t.database.db;
    world.t.clock.set(TEST_START);
    // More patients than a read works out itself.
    await db.execute(sql`insert into patients (institution_id, first_name, last_name, email, birthdate, gender, assigned_staff_id, status)
      select ${world.clinic}, 'Many' || g, 'Bound', 'many.' || g || '.${sql.raw(driver)}@bound.test', '1950-01-02', 'female', ${world.slpStaffId}, 'active'
      from generate_series(1, ${STATUS_IN_READ_MAX + 20}) g`);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  it("answers at once with none worked out when more than a batch is missing, leaves them to the pass, and works out a few itself", async () => {
    const first = await atRisk();
    expect(first.statuses_total).toBeGreaterThan(STATUS_IN_READ_MAX);
    expect(first.statuses_pending).toBe(first.statuses_total);
    expect(first.results).toEqual([]);
    expect(await kept()).toBe(0);

    const pass = startRtmStatusPass({ db, runAlone: world.t.database.runAlone, clock: world.t.clock, log: world.t.app.log }, 600_000, 600_000);
    try {
      expect(await pass.runOnce()).toMatchObject({ ran: true });
    } finally {
      await pass.stop();
    }
    const after = await atRisk();
    expect(after.statuses_pending).toBe(0);
    expect(await kept()).toBe(after.statuses_total);

    // A session's data day marks its patient's month stale: a few missing, and the read works them out.
    const some = rowsOf(await db.execute(sql`select id from patients where last_name = 'Bound' order by id limit 3`)).map((row) => Number(row.id));
    await db.insert(patientDataDays).values(some.map((patientId) => ({ patientId, day: "2026-03-01", sessions: 1 })));
    expect(await kept()).toBe((after.statuses_total ?? 0) - some.length);
    const again = await atRisk();
    expect(again.statuses_pending).toBe(0);
    expect(await kept()).toBe(after.statuses_total);
  });
});
