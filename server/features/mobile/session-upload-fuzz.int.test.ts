import { fc, test } from "@fast-check/vitest";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { GAME_TYPES, type GameType } from "../../../domain/shared/games/game-type.ts";
import { ERROR_CODES } from "../../../domain/shared/error-catalogue.ts";
import { uploadArb } from "../../../domain/mobile/upload.arbitraries.test-helper.ts";
import { gameAttempts, gameSessions } from "../../db/schema/sessions.ts";
import { mobileSessionReceipts } from "../../db/schema/devices.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type MobileWorld, mobileWorld, withDevice } from "./mobile-world.test-helper.ts";
import { fuzzRuns } from "../../../domain/shared/testing/fuzz-budget.test-helper.ts";

// Bad input never reaches the tables and never answers 500 (docs/mobile-api.md, "Errors"): valid
// uploads of every game with one value broken anywhere (removed, retyped, an extreme number, a
// date no calendar has, text no field may hold, a key no schema knows), and bodies that are
// anything at all. Whatever is refused leaves the session, attempt and receipt counts as they were.
const SETUP_TIMEOUT = 180_000;
const FUZZ_TIMEOUT = 600_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value (the root is []). */
const pathsOf = (value: Json, at: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
  const own = [at];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))];
  if (value !== null && typeof value === "object") return [...own, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return own;
};

type Mutation = { readonly kind: "replace"; readonly value: unknown } | { readonly kind: "remove" } | { readonly kind: "add"; readonly key: string; readonly value: unknown };

/** The value with one place changed; the root is replaced or added to, never removed. */
const mutate = (value: Json, path: ReadonlyArray<string | number>, mutation: Mutation): unknown => {
  if (path.length === 0) {
    if (mutation.kind === "replace") return mutation.value;
    if (mutation.kind === "add" && value !== null && typeof value === "object" && !Array.isArray(value)) return { ...value, [mutation.key]: mutation.value };
    return value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") {
    if (rest.length === 0 && mutation.kind === "remove") return value.filter((_, index) => index !== head);
    return value.map((item, index) => (index === head ? mutate(item, rest, mutation) : item));
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value) && typeof head === "string") {
    if (rest.length === 0 && mutation.kind === "remove") return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
    return { ...value, [head]: mutate(value[head] ?? null, rest, mutation) as Json };
  }
  return value;
};

/** Values that have broken servers: extremes of every type, dates no calendar has, text no column takes. */
const nasty = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, 0, -1, -0, 1.5, 2_147_483_648, -2_147_483_649, 1e308, -1e308, 1e-320, 5e-324, 1e-40, 3.4e39, Number.MAX_SAFE_INTEGER,
    "", " ", "\u0000", "a\u0000b", "\ud800", "\u202e", "x".repeat(5000),
    "2026-02-30T10:00:00Z", "2026-03-01T10:00:00", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1999-12-31T23:59:59+14:00",
    "00000000-0000-0000-0000-000000000000", "not-a-uuid", [], {}, [[[[[]]]]], { __proto__: { polluted: true } }, { constructor: { prototype: {} } },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 30 }),
);

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  nasty.map((value): Mutation => ({ kind: "replace", value })),
  fc.constant<Mutation>({ kind: "remove" }),
  fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("__proto__", "constructor", "id", "session_id", "patient_id")), nasty).map(([key, value]): Mutation => ({ kind: "add", key, value })),
);

describe.each(TEST_DRIVERS)("fuzzing the session upload on %s", (driver) => {
  let world: MobileWorld;
  let token = "";
  const levels = new Map<GameType, number>();
  beforeAll(async () => {
    world = await mobileWorld(driver, `fuzz-${driver}`);
    ({ token } = await world.pair(world.patientId));
    for (const type of GAME_TYPES) levels.set(type, await world.levelOf(world.patientId, type));
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const counts = async () => ({
    sessions: (await world.db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.patientId, world.patientId)))[0]?.n ?? 0,
    attempts: (await world.db.select({ n: count() }).from(gameAttempts))[0]?.n ?? 0,
    receipts: (await world.db.select({ n: count() }).from(mobileSessionReceipts))[0]?.n ?? 0,
  });

  /** Sends the body; a refusal must be catalogued and write nothing, an acceptance exactly one session. */
  const sendAndCheck = async (body: unknown): Promise<void> => {
    const before = await counts();
    const response = await world.t.app.inject({
      method: "POST",
      url: "/api/mobile/game-sessions/",
      headers: { ...withDevice(token), "content-type": "application/json" },
      payload: JSON.stringify(body) ?? "null",
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    const after = await counts();
    if (response.statusCode === 201) {
      expect(after.sessions).toBe(before.sessions + 1);
      expect(after.receipts).toBe(before.receipts + 1);
    } else {
      expect(ERROR_CODES).toContain((response.json() as { code: string }).code);
      expect(after).toEqual(before);
    }
  };

  const brokenUpload = fc
    .constantFrom(...GAME_TYPES)
    .chain((type) => fc.tuple(fc.constant(type), uploadArb(type, crypto.randomUUID(), "2026-03-01T10:30:00Z")))
    .chain(([type, body]) => {
      const valid = { ...body, patient_game_level_id: levels.get(type) ?? 0, client_session_id: crypto.randomUUID() } as unknown as Json;
      return fc.tuple(fc.constantFrom(...pathsOf(valid)), mutationArb).map(([path, mutation]) => mutate(valid, path, mutation));
    });

  test.prop([brokenUpload], { numRuns: fuzzRuns(driver === "pglite" ? 80 : 50) })("an upload broken in one place is refused with a catalogue code, or stored whole: never a 500", sendAndCheck, FUZZ_TIMEOUT);

  test.prop([fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()))], { numRuns: fuzzRuns(40) })("any JSON at all is refused with a catalogue code", sendAndCheck, FUZZ_TIMEOUT);
});
