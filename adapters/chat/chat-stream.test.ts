import { afterEach, describe, expect, it } from "vitest";
import { CHAT_STREAM_LOCK, shareChatStream } from "./chat-stream-sharing.ts";
import { openChatStream, reconnectDelayMs, type ChatStream, type ChatStreamEvent } from "./chat-stream.ts";
import { startTestServer, type TestServer } from "../shared/test-server.test-helper.ts";
import { chatMessage, cursorOf, ME } from "../../domain/chat/chat-fixtures.test-helper.ts";

// The stream client against a real HTTP server: Bearer in a header (never the URL), events parsed
// by eventsource-parser, and a reconnect that names the last id it handed on.

const sse = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
let server: TestServer | undefined;
let stream: ChatStream | undefined;
afterEach(async () => {
  stream?.close();
  await server?.close();
});

describe("the chat's stream", () => {
  it("sends the token as a header, decodes message and read events, and resumes with Last-Event-ID", async () => {
    server = await startTestServer();
    const started = server;
    started.script((_, all) =>
      all.length === 1
        ? { status: 200, contentType: "text/event-stream", text: `: hello\n\n${sse(101, "message", chatMessage(1))}${sse(102, "read", cursorOf(ME, 1))}event: other\ndata: x\n\n` }
        : { status: 200, contentType: "text/event-stream", text: sse(103, "message", chatMessage(2)), delayMs: 50 },
    );
    const heard: Array<{ event: ChatStreamEvent; id: string }> = [];
    const inits: Array<RequestInit | undefined> = [];
    // The real fetch, with what the stream asks of it noted: the priority never reaches the server.
    const noting: typeof fetch = (input, init) => {
      inits.push(init);
      return globalThis.fetch(input, init);
    };
    stream = openChatStream({
      request: () => ({ url: `${started.baseUrl}/api/slp-chat/stream/`, headers: { Authorization: "Bearer acc-1", "X-Api-Key": "k" }, fetch: noting }),
      onEvent: (event, id) => heard.push({ event, id }),
      delayMs: () => 10,
    });
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(heard.slice(0, 3).map(({ event, id }) => `${event.kind}:${id}`)).toEqual(["message:101", "read:102", "message:103"]);
    const [first, second] = started.requests;
    expect(first?.url).toBe("/api/slp-chat/stream/");
    expect(first?.headers.authorization).toBe("Bearer acc-1");
    expect(first?.headers["last-event-id"]).toBeUndefined();
    expect(second?.headers["last-event-id"]).toBe("102");
    // A stream open for the whole visit is background work: it asks at low priority, every time.
    expect(inits.map((init) => init?.priority)).toEqual(inits.map(() => "low"));
    expect(inits.length).toBeGreaterThanOrEqual(2);
  });

  it("after a 401 waits for the session's refresh and opens again at once, with the new token", async () => {
    server = await startTestServer();
    const started = server;
    started.script((request) =>
      request.headers.authorization === "Bearer acc-2"
        ? { status: 200, contentType: "text/event-stream", text: sse(7, "message", chatMessage(1)) }
        : { status: 401, json: { code: "ERROR_001", message: "expired", detail: null, id: "t" } },
    );
    let token = "acc-1";
    let refreshes = 0;
    const heard: string[] = [];
    stream = openChatStream({
      request: () => ({
        url: `${started.baseUrl}/api/slp-chat/stream/`,
        headers: { Authorization: `Bearer ${token}` },
        fetch: globalThis.fetch,
        unauthorized: async () => {
          refreshes += 1;
          token = "acc-2";
          return "refreshed";
        },
      }),
      onEvent: (_event, id) => heard.push(id),
      // A pause would outlast the test: only an immediate reconnect delivers the event.
      delayMs: () => 600_000,
    });
    await expect.poll(() => heard, { timeout: 10_000 }).toContain("7");
    expect(refreshes).toBe(1);
    expect(started.requests.map((request) => request.headers.authorization).slice(0, 2)).toEqual(["Bearer acc-1", "Bearer acc-2"]);
  });

  it("stops for good when the refresh says the session is over", async () => {
    server = await startTestServer();
    const started = server;
    started.script(() => ({ status: 401, json: { code: "ERROR_001", message: "expired", detail: null, id: "t" } }));
    const statuses: string[] = [];
    stream = openChatStream({
      request: () => ({ url: `${started.baseUrl}/api/slp-chat/stream/`, headers: {}, fetch: globalThis.fetch, unauthorized: async () => "ended" }),
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      delayMs: () => 10,
    });
    await expect.poll(() => statuses.at(-1), { timeout: 10_000 }).toBe("ended");
    // Had it gone on, the 10 ms pauses would have made many more requests by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(started.requests).toHaveLength(1);
  });

  it("waits longer after each failure, up to 30 s", () => {
    expect([1, 2, 3, 4, 6, 10].map((attempt) => reconnectDelayMs(attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000, 30_000]);
  });
});

/** Web Locks as a browser grants them: one holder, the next waiter when it lets go. */
const fakeLocks = () => {
  const waiting: Array<() => void> = [];
  let held = false;
  const request = ((name: string, _options: LockOptions, callback: () => Promise<void> | undefined) =>
    new Promise<void>((resolve) => {
      expect(name).toBe(CHAT_STREAM_LOCK);
      const grant = () => {
        held = true;
        void Promise.resolve(callback()).then(() => {
          held = false;
          waiting.shift()?.();
          resolve();
        });
      };
      if (held) waiting.push(grant);
      else grant();
    })) as unknown as LockManager["request"];
  return { request };
};

describe("one stream per browser", () => {
  it("lets one tab lead and relays its events to the others; a follower leads when the leader closes, from the last id", async () => {
    const locks = fakeLocks();
    const opened: string[] = [];
    const emitters: Array<(event: ChatStreamEvent, id: string) => void> = [];
    const open = (lastEventId: string, onEvent: (event: ChatStreamEvent, id: string, raw: { event: string; data: string; id: string }) => void) => {
      opened.push(lastEventId);
      emitters.push((event, id) => onEvent(event, id, { event: event.kind, data: JSON.stringify(event.kind === "message" ? event.message : event.cursor), id }));
      return { close: () => undefined, lastEventId: () => "" };
    };
    const channel = (name: string) => new BroadcastChannel(name);
    const heardA: ChatStreamEvent[] = [];
    const heardB: ChatStreamEvent[] = [];
    const tabA = shareChatStream({ locks, channel, open }, (event) => heardA.push(event));
    const tabB = shareChatStream({ locks, channel, open }, (event) => heardB.push(event));
    expect(tabA.isLeader()).toBe(true);
    expect(tabB.isLeader()).toBe(false);
    emitters[0]?.({ kind: "message", message: chatMessage(1) }, "101");
    await expect.poll(() => heardB.length).toBe(1);
    expect(heardA).toHaveLength(1);
    tabA.close();
    await expect.poll(() => tabB.isLeader()).toBe(true);
    expect(opened).toEqual(["", "101"]);
    tabB.close();
  });
});
