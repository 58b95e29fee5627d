// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_STREAM_PATH } from "../../../adapters/chat/chat-stream.ts";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { deferred, errorBody, type RecordedRequest, type ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { ANA, THREAD, chatMessage, chatThread } from "../../../domain/chat/chat-fixtures.test-helper.ts";
import { listThreadsEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { ChatThreadId, type ChatMessage } from "../../../domain/chat/chat-wire.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { showTitleCount } from "../../shell/use-document-title.ts";
import { createChatEventHub } from "./chat-events.ts";
import { LiveStream } from "./chat-live-stream.tsx";

// The signed-in area's share of the chat stream against the scripted server: the stream's events
// move the cached thread lists, and so the unread total the sidebar's badge and the title show.
// The lists are read again when an event names a thread no list knows, or comes while a read of
// the lists is in flight (whose answer, from before the event, would otherwise stand: stop 57).
const currentApp = useSignedInApp();
const slp = Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, permissions: permissionsForRole("staff") });
const THREADS_URL = listThreadsEndpoint.path;
const OTHER = ChatThreadId.make(9);

const sse = (message: ChatMessage) => `id: ${message.stream_seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;

/**
 * The server: the threads list answered by `threads` (the nth read, from 1), the first stream
 * connection answered with `events` once `release` is opened, and every later connection held
 * open (the stream would connect again after its end).
 */
const serve = (threads: (read: number) => ScriptedAnswer | Promise<ScriptedAnswer>, events: string, release: Promise<void>) => {
  let reads = 0;
  let connections = 0;
  currentApp().harness.server.script((request: RecordedRequest) => {
    if (request.method === "GET" && request.url === THREADS_URL) {
      reads += 1;
      return threads(reads);
    }
    if (request.method === "GET" && request.url === CHAT_STREAM_PATH) {
      connections += 1;
      if (connections > 1) return new Promise<ScriptedAnswer>(() => undefined);
      return release.then(() => ({ status: 200, contentType: "text/event-stream", text: events }));
    }
    return { status: 404, json: errorBody("ERROR_030", "Not found") };
  });
  return { reads: () => reads, connections: () => connections };
};

const render = () => {
  const onUnread = vi.fn<(unread: number) => void>();
  renderAt(currentApp(), "/dashboard", <LiveStream user={slp} hub={createChatEventHub()} onUnread={onUnread} />);
  return onUnread;
};
const lastReported = (onUnread: ReturnType<typeof render>) => onUnread.mock.calls.at(-1)?.[0];

afterEach(() => showTitleCount(0));

describe("LiveStream", () => {
  it("counts a new message of a known thread in the cached list, without reading the list again", async () => {
    const release = deferred<void>();
    const server = serve(() => ({ status: 200, json: [chatThread(THREAD, 1)] }), sse(chatMessage(4, ANA)), release.promise);
    const onUnread = render();
    await waitFor(() => expect(lastReported(onUnread)).toBe(1), { timeout: 5_000 });
    release.resolve();
    await waitFor(() => expect(lastReported(onUnread)).toBe(2), { timeout: 5_000 });
    expect(document.title).toMatch(/^\(2\) /);
    expect(server.reads()).toBe(1);
  });

  it("reads the lists again for a message of a thread no list knows, and counts it", async () => {
    const release = deferred<void>();
    const newcomer = { ...chatMessage(1, ANA), thread_id: OTHER };
    const server = serve(
      (read) => ({ status: 200, json: read === 1 ? [chatThread(THREAD, 1)] : [chatThread(THREAD, 1), chatThread(OTHER, 1, 1)] }),
      sse(newcomer),
      release.promise,
    );
    const onUnread = render();
    await waitFor(() => expect(lastReported(onUnread)).toBe(1), { timeout: 5_000 });
    release.resolve();
    await waitFor(() => expect(lastReported(onUnread)).toBe(2), { timeout: 5_000 });
    expect(server.reads()).toBe(2);
  });

  it("reads the lists again when a message comes while their first read is in flight, so the read's older answer does not stand", async () => {
    const release = deferred<void>();
    const firstAnswer = deferred<ScriptedAnswer>();
    // The first read was made before message 4: its answer, held until after the event, has 1 unread.
    const server = serve(
      (read) => (read === 1 ? firstAnswer.promise : { status: 200, json: [chatThread(THREAD, 2, 4)] }),
      sse(chatMessage(4, ANA)),
      release.promise,
    );
    const onUnread = render();
    await waitFor(() => expect(server.connections()).toBe(1), { timeout: 5_000 });
    expect(server.reads()).toBe(1);
    release.resolve();
    // The event reached the stream while the read was in flight: a second read is asked for.
    await waitFor(() => expect(server.reads()).toBe(2), { timeout: 5_000 });
    firstAnswer.resolve({ status: 200, json: [chatThread(THREAD, 1)] });
    await waitFor(() => expect(lastReported(onUnread)).toBe(2), { timeout: 5_000 });
    expect(onUnread.mock.calls.map(([unread]) => unread)).not.toContain(1);
  });
});
