import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../domain/shared/error-catalogue.ts";
import { DEFAULT_API_KEY } from "../config.ts";
import { type TestApp, createTestApp } from "../test-app.test-helper.ts";

// The answers Node's HTTP parser and Fastify give before any route runs, on a real listening
// server: app.inject() skips the parser, so it cannot see a 431 or a malformed request line.
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp("pglite");
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type RawAnswer = { readonly status: number; readonly headers: string; readonly body: string };

/** Sends bytes exactly as given and reads the whole answer until the server closes or a response is complete. */
const raw = (request: string): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1" });
    let received = "";
    const finish = () => {
      const split = received.indexOf("\r\n\r\n");
      const head = split === -1 ? received : received.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: split === -1 ? "" : received.slice(split + 4) });
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      const split = received.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(received.slice(0, split))?.[1] ?? Number.NaN);
      if (split !== -1 && Number.isFinite(length) && Buffer.byteLength(received.slice(split + 4)) >= length) {
        socket.destroy();
        finish();
      }
    });
    socket.on("close", finish);
    socket.on("error", (error) => (received === "" ? reject(error) : finish()));
    socket.setTimeout(20_000, () => socket.destroy());
    socket.write(request);
  });

const expectCatalogue = (answer: RawAnswer, status: number): void => {
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "detail", "id", "message"]);
  expect(ERROR_CODES).toContain(body.code);
  expect(String(body.id)).toMatch(/^[0-9a-f-]{36}$/);
};

describe("answers of the HTTP layer on a listening server", () => {
  it("a URL over 16 kB: 431 with a catalogue body", async () => {
    const answer = await raw(`GET /api/health?x=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectCatalogue(answer, 431);
  });

  it("headers over 16 kB: 431 with a catalogue body", async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`);
    expectCatalogue(answer, 431);
  });

  it("a malformed request line: 400 with a catalogue body", async () => {
    expectCatalogue(await raw("GARBAGE\r\n\r\n"), 400);
  });

  it("a control character in a header: 400 with a catalogue body", async () => {
    expectCatalogue(await raw("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0001b\r\n\r\n"), 400);
  });

  it("a URL Fastify cannot decode: 400 with a catalogue body", async () => {
    expectCatalogue(await raw("GET /api/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"), 400);
  });

  it("a method no route takes: a catalogue body", async () => {
    const answer = await raw(`PROPFIND /api/health HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${DEFAULT_API_KEY}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expectCatalogue(answer, answer.status);
  });

  it("a body over the limit by its declared length: 413 with a catalogue body", async () => {
    const answer = await raw(
      `POST /api/dev/outbox HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${DEFAULT_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n{}`,
    );
    expectCatalogue(answer, 413);
  });

  it("an unsupported content type: 4xx with a catalogue body", async () => {
    const answer = await raw(
      `POST /api/dev/outbox HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expectCatalogue(answer, answer.status);
  });

  it("an expectation the server does not meet: 417 with a catalogue body", async () => {
    expectCatalogue(await raw("GET /api/health HTTP/1.1\r\nHost: localhost\r\nExpect: wibble\r\nConnection: close\r\n\r\n"), 417);
  });

  it("writes no request data to the log for a refused request", async () => {
    await raw(`GET /api/health?who=${"sentinel.person%40clinic.test".repeat(700)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(JSON.stringify(t.logs)).not.toContain("sentinel.person");
  });
});
