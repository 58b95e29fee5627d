import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_TYPES } from "../../../domain/shared/games/game-type.ts";
import { SESSION_DETAIL_EXAMPLES } from "../../../domain/session-review/attempt-mapping/session-detail-examples.fixtures.ts";
import { mobileSessionReceipts } from "../../db/schema/devices.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../db/schema/sessions.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { MOBILE_UPLOAD_URL, type MobileWorld, mobileWorld, withDevice } from "./mobile-world.test-helper.ts";
import { FRESH_GAME_ID, sessionFixtures } from "./mobile-sessions.fixtures.ts";
import { type ReplaySend, readSessionFiles, replaySessions } from "./session-replay.ts";

// `npm run replay-sessions -- DIR` (docs/mobile-api.md, "Replaying sessions"): the committed
// fixtures (one session per game type) go through the upload; a second replay creates nothing.
const SETUP_TIMEOUT = 180_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FIXTURES = path.join(ROOT, "tests/fixtures/mobile-sessions");

describe.each(TEST_DRIVERS)("replaying session files on %s", (driver) => {
  let world: MobileWorld;
  let token = "";
  let send: ReplaySend;
  beforeAll(async () => {
    world = await mobileWorld(driver, "replay");
    ({ token } = await world.pair(world.patientId));
    for (const type of GAME_TYPES) await world.levelOf(world.patientId, type, SESSION_DETAIL_EXAMPLES[type].difficulty);
    send = async (body) => {
      const response = await world.t.app.inject({ method: "POST", url: MOBILE_UPLOAD_URL, headers: { ...withDevice(token), "content-type": "application/json" }, payload: body });
      return { status: response.statusCode, body: response.body };
    };
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const sessions = async () => (await world.db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.patientId, world.patientId)))[0]?.n ?? 0;

  it("holds the committed fixtures to the generator, with a fresh database's game ids", async () => {
    for (const type of GAME_TYPES) expect(world.gameIdOf(type)).toBe(FRESH_GAME_ID(type));
    const files = await readSessionFiles(FIXTURES);
    expect(files.map((file) => file.name)).toEqual(sessionFixtures(FRESH_GAME_ID).map((fixture) => fixture.name));
    for (const fixture of sessionFixtures(FRESH_GAME_ID)) {
      expect(JSON.parse(await readFile(path.join(FIXTURES, fixture.name), "utf8"))).toEqual(fixture.body);
    }
  });

  it("creates one session per file, and nothing more when replayed again", async () => {
    const files = await readSessionFiles(FIXTURES);
    const before = await sessions();
    expect(await replaySessions(files, send, 3)).toEqual({ created: 8, repeated: 0, failed: [] });
    expect(await sessions()).toBe(before + 8);
    expect(await replaySessions(files, send, 8)).toEqual({ created: 0, repeated: 8, failed: [] });
    expect(await sessions()).toBe(before + 8);
  });

  it("stores every fixture as sent: the upload rules of issue 31 drop or refuse nothing of them", async () => {
    for (const fixture of sessionFixtures(FRESH_GAME_ID)) {
      const [receipt] = await world.db
        .select({ sessionId: mobileSessionReceipts.sessionId })
        .from(mobileSessionReceipts)
        .where(and(eq(mobileSessionReceipts.patientId, world.patientId), eq(mobileSessionReceipts.clientSessionId, fixture.body.client_session_id)));
      expect(receipt?.sessionId, fixture.name).toBeTypeOf("number");
      const challenges = await world.db
        .select({ id: gameChallenges.id, position: gameChallenges.position, content: gameChallenges.content })
        .from(gameChallenges)
        .where(eq(gameChallenges.sessionId, receipt?.sessionId ?? 0))
        .orderBy(asc(gameChallenges.position));
      expect(challenges.map((row) => ({ order: row.position, content: row.content }))).toEqual(fixture.body.challenges_in_session.map((item) => ({ order: item.order, content: item.content })));
      const attempts = await world.db
        .select({ transcription: gameAttempts.transcription, attemptData: gameAttempts.attemptData, createdAt: gameAttempts.createdAt })
        .from(gameAttempts)
        .where(eq(gameAttempts.sessionId, receipt?.sessionId ?? 0))
        .orderBy(asc(gameAttempts.id));
      const sent = fixture.body.challenges_in_session.flatMap((item) => item.attempts);
      expect(attempts.map((row) => ({ transcription: row.transcription, attemptData: row.attemptData, createdAt: row.createdAt.toISOString() }))).toEqual(
        sent.map((attempt) => ({ transcription: attempt.score_details.transcription, attemptData: attempt.attempt_data, createdAt: new Date(attempt.created_at).toISOString() })),
      );
    }
  });

  it("reports each failed file with the status and the catalogue code", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "replay-"));
    const [fixture] = sessionFixtures(FRESH_GAME_ID);
    await writeFile(path.join(folder, "a-late.json"), JSON.stringify({ ...fixture?.body, client_session_id: crypto.randomUUID(), end_time: "2026-02-27T00:00:00Z" }));
    await writeFile(path.join(folder, "b-broken.json"), "{ not json");
    await writeFile(path.join(folder, "c-good.json"), JSON.stringify({ ...fixture?.body, client_session_id: crypto.randomUUID() }));
    await writeFile(path.join(folder, "notes.txt"), "not a session");
    const report = await replaySessions(await readSessionFiles(folder), send);
    expect(report.created).toBe(1);
    expect(report.failed).toEqual([
      { file: "a-late.json", status: 400, reason: "ERROR_034 Start date cannot be greater than end date (start_time)" },
      { file: "b-broken.json", status: 400, reason: "ERROR_001 An error occurred" },
    ]);
  });

  it(
    "runs as `npm run replay-sessions` against a listening server",
    async () => {
      const address = await world.t.app.listen({ port: 0, host: "127.0.0.1" });
      const tokenFile = path.join(await mkdtemp(path.join(tmpdir(), "replay-token-")), "token");
      await writeFile(tokenFile, `${token}\n`);
      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, ["--import", "tsx", path.join(ROOT, "server/features/mobile/replay-sessions-cli.ts"), FIXTURES, "--base", address, "--token-file", tokenFile, "--concurrency", "2"], { cwd: ROOT });
      expect(stdout).toMatch(/^created 0, repeated 8, failed 0 \(/);
      const refused = await run(process.execPath, ["--import", "tsx", path.join(ROOT, "server/features/mobile/replay-sessions-cli.ts"), FIXTURES, "--base", address, "--token", "A".repeat(43)], { cwd: ROOT }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (error: { code: number; stdout: string }) => error,
      );
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/failed 8/);
      expect(refused.stdout).toContain("01-medication_management.json: 401 ERROR_001");
    },
    120_000,
  );
});
