import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, serverEnv, startServer, stopServer, waitForHealth } from "../../../tests/bench/load/server-process.ts";
import { signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { rateLimitCounters } from "../../db/schema/rate-limits.ts";
import { type ChatWorld, chatWorld, databaseUrlOf, json, withDevice } from "./chat-world.test-helper.ts";
import { expectExactlyTheMissed, openSse, percentile } from "./sse-client.test-helper.ts";

// The delivery test across TWO API PROCESSES (docs/chat-api.md, "Measured"): the real
// server (`server/main.ts`) started twice as child processes on one PostgreSQL database, each with
// its own pool and LISTEN connection. The patient's device streams from process A while the SLP
// sends through process B over HTTP; then the stream is cut, 100 messages go through B, and a
// reconnect to A with Last-Event-ID gets exactly those 100, in order, none twice.
//
// The world (accounts, patient, thread, paired device) is built through an in-process app on the
// same database first (chat-world.test-helper.ts): the processes find it there and skip the demo
// seed, as they do on any database with institutions. PostgreSQL only: PGlite's data folder has
// one owner process, so there is no second process to talk to.
const NO_POSTGRES = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "";
const TIMEOUT = 300_000;
const LATENCY_SAMPLES = 200;

type ApiProcess = { readonly child: ChildProcess; readonly base: string };

describe.skipIf(NO_POSTGRES)("chat delivery across two API processes (PostgreSQL only: set DATABASE_URL to run it)", () => {
  let w: ChatWorld;
  let a: ApiProcess;
  let b: ApiProcess;
  let slp: Record<string, string> = {};
  const processes: ChildProcess[] = [];

  const start = async (databaseUrl: string): Promise<ApiProcess> => {
    const port = await freePort();
    const child = startServer(serverEnv(port, { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" }));
    processes.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);
    return { child, base };
  };

  beforeAll(async () => {
    w = await chatWorld("postgres", "chatprocs");
    // The processes run on the system clock, the world's app on a manual one set in the past:
    // bring it to now so the SLP's fresh access token is valid in the processes too.
    w.t.clock.advance(Math.max(0, Date.now() - w.t.clock.now().getTime()));
    slp = withBearer((await signIn(w.t, w.accounts.slp)).access);
    const url = await databaseUrlOf(w.t.database);
    [a, b] = await Promise.all([start(url), start(url)]);
  }, TIMEOUT);
  afterAll(async () => {
    await Promise.all(processes.map(stopServer));
    await w?.t.close();
  }, TIMEOUT);

  /**
   * Sends through B as the SLP. The sender's limits (20 a minute, 300 a day) are shared counters in
   * the database; this test sends about 330 in a minute or two, so it clears the SLP's counters
   * every 15 messages instead of waiting for the windows (chat-scope.int.test.ts tests the limits).
   */
  let sent = 0;
  const sendViaB = async (body: string): Promise<{ stream_seq: number; body: string }> => {
    if (sent % 15 === 0) await w.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, "chat-send-%"));
    sent += 1;
    const response = await fetch(`${b.base}/api/slp-chat/threads/${w.threadId}/messages/`, {
      method: "POST",
      headers: { ...slp, ...json },
      body: JSON.stringify({ client_id: randomUUID(), body }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { stream_seq: number; body: string };
  };

  it(
    "a client of process A receives what is sent through process B; after a cut, Last-Event-ID brings exactly the 100 missed, in order, none twice",
    async () => {
      const streamUrl = `${a.base}/api/mobile/chat/stream/`;
      const client = await openSse(streamUrl, withDevice(w.device.token));
      expect(client.status).toBe(200);
      // Live, one at a time: from just before the send to B until A's event is read, so each sample
      // holds B's write, the NOTIFY, A's wake and its read of the table.
      const latencies: number[] = [];
      for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
        const started = performance.now();
        const message = await sendViaB(`live ${i}`);
        await client.waitFor(() => client.events.some((event) => event.id === message.stream_seq), 15_000);
        latencies.push((client.events.find((event) => event.id === message.stream_seq)?.at ?? started) - started);
      }
      console.log(
        `chat send-to-arrival (postgres, two API processes, ${latencies.length} messages): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
      );
      const liveIds = client.events.filter((event) => event.event === "message").map((event) => event.id);
      expect(new Set(liveIds).size).toBe(LATENCY_SAMPLES);
      const lastSeen = client.events.at(-1)?.id ?? 0;
      client.cut();
      await client.closed;

      const missed: number[] = [];
      for (let i = 0; i < 100; i += 1) missed.push((await sendViaB(`missed ${i}`)).stream_seq);

      await expectExactlyTheMissed(streamUrl, withDevice(w.device.token), lastSeen, missed);
    },
    TIMEOUT,
  );
});
