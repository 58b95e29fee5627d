import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { manualClock } from "../../clock.ts";
import { testConfig } from "../../config.ts";
import { postgresHandle } from "../../db/postgres-handle.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { TEST_START } from "../../test-app.test-helper.ts";
import type { ChatBus } from "./chat-bus.ts";
import { type ChatWorld, chatWorld, databaseUrlOf, json } from "./chat-world.test-helper.ts";
import { pgChatBus } from "./pg-chat-bus.ts";
import { expectExactlyTheMissed, openSse, percentile } from "./sse-client.test-helper.ts";

// The delivery test (docs/chat-api.md, "Delivery"). On PostgreSQL: TWO app instances in
// this test process, each with its own pg pool and its own LISTEN connection (pg-chat-bus.ts), on
// one database; a stream client of A receives what is sent through B. On PGlite: one app, its
// in-process bus. Then the stream is cut, 100 messages are sent, and a reconnect with
// Last-Event-ID gets exactly those 100, in order, none twice.
const TIMEOUT = 240_000;

/** A bus whose PostgreSQL listener is made once the world's database (and so its URL) exists. */
const deferredBus = () => {
  let inner: ChatBus | undefined;
  const bus: ChatBus = {
    publish: async (wake) => inner?.publish(wake),
    subscribe: (institutionId, listener) => {
      if (inner === undefined) throw new Error("bus not ready");
      return inner.subscribe(institutionId, listener);
    },
    close: async () => inner?.close(),
  };
  return { bus, set: (next: ChatBus) => void (inner = next) };
};

describe.each(TEST_DRIVERS)("chat delivery on %s", (driver) => {
  let w: ChatWorld;
  let receiving: FastifyInstance;
  let sending: FastifyInstance;
  let receivingUrl = "";
  const clockB = manualClock(TEST_START);
  const closers: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    const deferred = deferredBus();
    w = await chatWorld(driver, `chatlive-${driver}`, driver === "postgres" ? { chatBus: deferred.bus } : {});
    receiving = w.t.app;
    sending = w.t.app;
    if (driver === "postgres") {
      const url = await databaseUrlOf(w.t.database);
      deferred.set(pgChatBus(url));
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      const other = postgresHandle(pool);
      sending = await buildApp({ config: testConfig(), db: other.db, clock: clockB, chatBus: pgChatBus(url) });
      await sending.ready();
      closers.push(async () => sending.close(), async () => other.close());
    }
    await receiving.listen({ port: 0, host: "127.0.0.1" });
    receivingUrl = `http://127.0.0.1:${(receiving.server.address() as AddressInfo).port}`;
  }, TIMEOUT);
  afterAll(async () => {
    for (const close of closers) await close();
    await w?.t.close();
  });

  /** Sends through the sending process as the SLP, keeping under the 20-a-minute limit by its own clock. */
  let sent = 0;
  const sendViaB = async (body: string) => {
    sent += 1;
    if (sent % 20 === 0) {
      clockB.advance(61_000);
      w.t.clock.advance(61_000);
    }
    const response = await sending.inject({ method: "POST", url: `/api/slp-chat/threads/${w.threadId}/messages/`, headers: { ...w.headers.slp, ...json }, payload: { client_id: randomUUID(), body } });
    expect(response.statusCode).toBe(201);
    return response.json() as { stream_seq: number; body: string };
  };

  it(
    "a client of one process receives what the other sends; after a cut, Last-Event-ID brings exactly the 100 missed, in order, none twice",
    async () => {
      const client = await openSse(`${receivingUrl}/api/slp-chat/stream/`, w.headers.staffAdmin);
      expect(client.status).toBe(200);
      // Live, one at a time: send-to-arrival latency across the two processes.
      const latencies: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const started = performance.now();
        const message = await sendViaB(`live ${i}`);
        await client.waitFor(() => client.events.some((event) => event.id === message.stream_seq), 10_000);
        latencies.push((client.events.find((event) => event.id === message.stream_seq)?.at ?? started) - started);
      }
      console.log(
        `chat send-to-arrival (${driver}, ${driver === "postgres" ? "two app instances" : "one app"}): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
      );
      const lastSeen = client.events.at(-1)?.id ?? 0;
      client.cut();
      await client.closed;

      const missed: number[] = [];
      for (let i = 0; i < 100; i += 1) missed.push((await sendViaB(`missed ${i}`)).stream_seq);

      await expectExactlyTheMissed(`${receivingUrl}/api/slp-chat/stream/`, w.headers.staffAdmin, lastSeen, missed);
    },
    TIMEOUT,
  );

  it(
    "closes a patient's stream within 5 s of revoking the device, and refuses a revoked token",
    async () => {
      const device = await w.pair(w.patientId);
      const headers = { "x-api-key": w.deviceHeaders["x-api-key"] ?? "", authorization: `Device ${device.token}` };
      const stream = await openSse(`${receivingUrl}/api/mobile/chat/stream/`, headers);
      expect(stream.status).toBe(200);
      const message = await sendViaB("to the patient");
      await stream.waitFor(() => stream.events.some((event) => event.id === message.stream_seq), 10_000);
      const revoked = await sending.inject({ method: "DELETE", url: `/api/patients/${w.patientId}/devices/${device.id}/`, headers: w.headers.slp });
      expect(revoked.statusCode).toBe(204);
      const started = Date.now();
      await stream.closed;
      expect(Date.now() - started).toBeLessThan(5_000);
      const again = await openSse(`${receivingUrl}/api/mobile/chat/stream/`, headers);
      expect(again.status).toBe(401);
    },
    TIMEOUT,
  );
});
