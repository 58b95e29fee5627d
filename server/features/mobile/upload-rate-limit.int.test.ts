import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type MobileWorld, mobileWorld, sessionBody } from "./mobile-world.test-helper.ts";
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
});
