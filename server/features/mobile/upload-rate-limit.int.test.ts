import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/rows-of.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { MOBILE_UPLOAD_URL, type MobileWorld, mobileWorld, sessionBody, withDevice } from "./mobile-world.test-helper.ts";
import { DEVICE_UPLOAD_LIMIT } from "./upload-rate-limit.ts";

// The upload's limit is per device token (docs/mobile-api.md, "Limits"): a token past it gets 429
// ERROR_012 and its next session waits for the window, while another device of the same patient,
// behind the same address, goes on.
describe.each(TEST_DRIVERS)("the upload's per-device limit on %s", (driver) => {
  let world: MobileWorld;
  beforeAll(async () => {
    world = await mobileWorld(driver, "limit");
  }, 180_000);
  afterAll(() => world?.t.close());

  it("refuses a device past its uploads of the minute with 429, not its neighbour, and lets it in again after the window", async () => {
    const busy = await world.pair(world.patientId);
    const quiet = await world.pair(world.patientId);
    const levelId = await world.levelOf(world.patientId, "naming");
    // Malformed bodies count like any other call: the limit is met before anything is decoded.
    for (let call = 0; call < DEVICE_UPLOAD_LIMIT.max; call += 1) {
      expect((await world.upload(busy.token, { client_session_id: "not a uuid" })).statusCode).toBe(400);
    }
    const refused = await world.upload(busy.token, sessionBody("naming", levelId));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "ERROR_012" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await world.upload(quiet.token, sessionBody("naming", levelId))).statusCode).toBe(201);
    world.t.clock.advance(DEVICE_UPLOAD_LIMIT.timeWindow + 1000);
    expect((await world.upload(busy.token, sessionBody("naming", levelId))).statusCode).toBe(201);
  }, 240_000);

  // Issue 36: the device lookup counts the upload in its own statement (device-lookup-counted.ts),
  // and the store takes that hit instead of counting it again.
  it("counts each upload of a device once, in the statement that finds the device, in the store's window", async () => {
    const device = await world.pair(world.patientId);
    const levelId = await world.levelOf(world.patientId, "naming");
    const hitsOf = async (): Promise<Array<{ key: string; hits: number }>> =>
      rowsOf(await world.db.execute(sql`select key, hits from rate_limit_counters where key like ${`%|device:${device.id}`}`)).map((row) => ({ key: String(row.key), hits: Number(row.hits) }));
    const statements: string[] = [];
    const database = world.t.database;
    await database.exec(`
      create table counted_statements (query text not null);
      create function note_counted() returns trigger language plpgsql as $$ begin insert into counted_statements values (current_query()); return null; end; $$;
      create trigger note_counted after insert or update on rate_limit_counters for each row execute function note_counted();`);
    try {
      for (let call = 0; call < 3; call += 1) expect((await world.upload(device.token, sessionBody("naming", levelId))).statusCode).toBe(201);
      statements.push(...rowsOf(await world.db.execute(sql`select query from counted_statements`)).map((row) => String(row.query)));
    } finally {
      await database.exec("drop trigger note_counted on rate_limit_counters; drop function note_counted(); drop table counted_statements;");
    }
    expect(await hitsOf()).toEqual([{ key: `POST ${MOBILE_UPLOAD_URL}|device:${device.id}`, hits: 3 }]);
    expect(statements).toHaveLength(3);
    for (const query of statements) expect(query).toContain("token_hash");
    // A new window starts again at 1.
    world.t.clock.advance(DEVICE_UPLOAD_LIMIT.timeWindow + 1000);
    expect((await world.upload(device.token, sessionBody("naming", levelId))).statusCode).toBe(201);
    expect((await hitsOf())[0]?.hits).toBe(1);
  });

  // Issue 31 item 6: 2,000 made-up tokens from one address wrote 2,000 counter rows and never a 429.
  it("counts made-up device tokens by their address: one counter row per window, 429 past the allowance, real devices unaffected", async () => {
    const counters = async (): Promise<number> => Number(rowsOf(await world.db.execute(sql`select count(*)::int as n from rate_limit_counters`))[0]?.n);
    const real = await world.pair(world.patientId);
    const levelId = await world.levelOf(world.patientId, "naming");
    world.t.clock.advance(DEVICE_UPLOAD_LIMIT.timeWindow + 1000);
    const before = await counters();
    const flood = 300;
    const statuses: number[] = [];
    for (let call = 0; call < flood; call += 1) {
      const madeUp = randomBytes(32).toString("base64url");
      const answer = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, remoteAddress: "198.51.100.7", headers: withDevice(madeUp), payload: sessionBody("naming", levelId) });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json()).toMatchObject({ code: "ERROR_012" });
    }
    expect(statuses.slice(0, DEVICE_UPLOAD_LIMIT.unknownTokenMax).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(DEVICE_UPLOAD_LIMIT.unknownTokenMax).every((status) => status === 429)).toBe(true);
    expect((await counters()) - before).toBe(1);
    // A working device behind the same address goes on, on its own count.
    const upload = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, remoteAddress: "198.51.100.7", headers: withDevice(real.token), payload: sessionBody("naming", levelId) });
    expect(upload.statusCode).toBe(201);
    // Another address is not held back by this one's flood.
    const elsewhere = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, remoteAddress: "198.51.100.8", headers: withDevice(randomBytes(32).toString("base64url")), payload: {} });
    expect(elsewhere.statusCode).toBe(401);
  }, 240_000);
});
