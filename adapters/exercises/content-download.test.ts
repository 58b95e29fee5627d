import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeContentFile } from "../../domain/exercises/content-file.ts";
import { OTHER_MESSAGES } from "../../domain/shared/error-catalogue.ts";
import type { ContentRequest } from "../../domain/exercises/content-file.ts";
import { contentUrlOf, createContentDownload, type DownloadProgress } from "./content-download.ts";
import { deferred, startContentServer, type ContentServer } from "./content-server.test-helper.ts";
import { isDownloadAborted, isDownloadFailure } from "./download-failure.ts";

// Every test talks to a real HTTP server; gates are promises opened by the other side (a progress
// event, a closed socket), never sleeps, so nothing depends on how fast the machine is.

const NAMING_EASY: ContentRequest = { gameType: "naming", difficulty: "easy" };
const PATH = "/api/content/naming/easy.json";

const namingFile = {
  game_type: "naming",
  difficulty: "easy",
  configuration: { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: true },
  items: ["apple", "cup", "chair", "dog", "key", "shoe", "book", "clock"].map((object) => ({
    object_name: object,
    image_url: `/api/media/image/object-${object}.svg`,
  })),
};
const namingBytes = Buffer.from(JSON.stringify(namingFile), "utf8");

let server: ContentServer;
beforeEach(async () => {
  server = await startContentServer();
});
afterEach(async () => {
  await server.close();
});

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the download to reject");
};

/** Progress events, and a wait for the client to have received at least some number of bytes. */
const progressLog = () => {
  const events: DownloadProgress[] = [];
  const waiters: Array<{ readonly bytes: number; readonly resolve: () => void }> = [];
  const onProgress = (progress: DownloadProgress): void => {
    events.push(progress);
    for (const waiter of waiters.filter((entry) => progress.loadedBytes >= entry.bytes)) waiter.resolve();
  };
  const loaded = (bytes: number): Promise<void> => {
    if (events.some((event) => event.loadedBytes >= bytes)) return Promise.resolve();
    const gate = deferred();
    waiters.push({ bytes, resolve: gate.resolve });
    return gate.promise;
  };
  return { events, onProgress, loaded };
};

/** Splits a body into `count` slices of nearly equal size. */
const slices = (bytes: Buffer, count: number): Buffer[] => {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
};

describe("a content file downloaded whole", () => {
  it("streams with progress that never decreases and ends at the announced size, then decodes the file", async () => {
    const progress = progressLog();
    server.serve(async (_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(namingBytes.length) });
      let sent = 0;
      for (const slice of slices(namingBytes, 4)) {
        response.write(slice);
        sent += slice.length;
        // The next slice goes only once the client has reported this one: four separate chunks.
        await progress.loaded(sent);
      }
      response.end();
    });
    const download = createContentDownload({ apiOrigin: server.baseUrl });

    const file = await download.downloadContentFile(PATH, { expected: NAMING_EASY, onProgress: progress.onProgress });

    const expected = decodeContentFile(namingFile, NAMING_EASY);
    expect(expected.ok && file).toEqual(expected.ok && expected.value);
    expect(file.items[0]).toEqual({ prompt: "apple", details: [], images: [{ url: "/api/media/image/object-apple.svg", alt: "apple" }], audio: null });
    const { events } = progress;
    expect(events[0]).toEqual({ loadedBytes: 0, totalBytes: namingBytes.length });
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const [index, event] of events.entries()) {
      expect(event.totalBytes).toBe(namingBytes.length);
      if (index > 0) expect(event.loadedBytes).toBeGreaterThan(events[index - 1]?.loadedBytes ?? Infinity);
    }
    expect(events.at(-1)).toEqual({ loadedBytes: namingBytes.length, totalBytes: namingBytes.length });
  });

  it("asks for JSON on the API's origin, without the API key, a cookie or a token", async () => {
    server.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(namingBytes);
    });
    await createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(`${server.baseUrl}${PATH}`, { expected: NAMING_EASY });
    expect(server.requests.map((request) => [request.method, request.url, request.headers.accept])).toEqual([["GET", PATH, "application/json"]]);
    expect(server.requests[0]?.headers).not.toHaveProperty("authorization");
    expect(server.requests[0]?.headers).not.toHaveProperty("x-api-key");
    expect(server.requests[0]?.headers).not.toHaveProperty("cookie");
  });

  it("reports no total when the server announces no size", async () => {
    const progress = progressLog();
    server.serve((_request, response) => {
      // No content-length: the body goes out chunked.
      response.writeHead(200, { "content-type": "application/json" });
      response.write(namingBytes.subarray(0, 100));
      response.end(namingBytes.subarray(100));
    });
    await createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY, onProgress: progress.onProgress });
    expect(progress.events.every((event) => event.totalBytes === null)).toBe(true);
    expect(progress.events.at(-1)?.loadedBytes).toBe(namingBytes.length);
  });
});

describe("failures, each with the spec's message", () => {
  it.each([404, 500])("an answer with status %i is 'Network response was not ok'", async (status) => {
    server.serve((_request, response) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ code: "ERROR_030", message: "not found", detail: null, id: "x" }));
    });
    const error = await rejection(createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(error).toEqual({ kind: "http", message: "Network response was not ok", status });
  });

  it("a connection dropped mid-body is 'Error downloading file'", async () => {
    const progress = progressLog();
    server.serve(async (_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(namingBytes.length) });
      response.write(namingBytes.subarray(0, 50));
      await progress.loaded(50);
      response.socket?.destroy();
    });
    const error = await rejection(
      createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY, onProgress: progress.onProgress }),
    );
    expect(error).toEqual({ kind: "network", message: "Error downloading file", status: null });
  });

  it("a server that cannot be reached is 'Error downloading file'", async () => {
    const { baseUrl } = server;
    await server.close();
    const error = await rejection(createContentDownload({ apiOrigin: baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(error).toEqual({ kind: "network", message: "Error downloading file", status: null });
    server = await startContentServer();
  });

  it.each([
    ["a body that is not JSON", "{ not json", "application/json"],
    ["an HTML page", "<!doctype html><title>Portal</title>", "text/html"],
    ["an empty body", "", "application/json"],
    ["JSON of the wrong shape", JSON.stringify({ game_type: "naming", difficulty: "easy", items: "apple" }), "application/json"],
    ["items of another game's shape", JSON.stringify({ ...namingFile, items: [{ prescription: "Take 1." }] }), "application/json"],
    ["the file of another level than asked for", JSON.stringify({ ...namingFile, difficulty: "hard" }), "application/json"],
    ["the file of another game than asked for", JSON.stringify({ ...namingFile, game_type: "parrot", items: [{ object_name: "Hello" }] }), "application/json"],
  ])("%s is 'Error downloading file'", async (_name, body, contentType) => {
    server.serve((_request, response) => {
      response.writeHead(200, { "content-type": contentType }).end(body);
    });
    const error = await rejection(createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(error).toEqual({ kind: "invalid-content", message: "Error downloading file", status: null });
  });

  it("a body larger than the limit is refused without reading it all", async () => {
    server.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(namingBytes);
    });
    const error = await rejection(createContentDownload({ apiOrigin: server.baseUrl, maxBytes: 100 }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(error).toEqual({ kind: "invalid-content", message: "Error downloading file", status: null });
  });

  it("a redirect is not followed, even on the same origin", async () => {
    server.serve((_request, response) => {
      response.writeHead(302, { location: `http://localhost:${server.port}${PATH}` }).end();
    });
    const error = await rejection(createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(error).toEqual({ kind: "network", message: "Error downloading file", status: null });
    expect(server.requests).toHaveLength(1);
  });
});

describe("addresses off the API's origin", () => {
  const badUrls = (port: number): readonly string[] => [
    "javascript:alert(1)",
    "data:application/json,{}",
    `ftp://127.0.0.1:${port}${PATH}`,
    // The same test server under another name is another origin.
    `http://localhost:${port}${PATH}`,
    `https://127.0.0.1:${port}${PATH}`,
    `//localhost:${port}${PATH}`,
    `http://user:secret@127.0.0.1:${port}${PATH}`,
    "http://",
    "",
    "   ",
  ];

  it("are 'Invalid URL', and no request is made", async () => {
    let fetchCalls = 0;
    const countingFetch: typeof globalThis.fetch = (input, init) => {
      fetchCalls += 1;
      return globalThis.fetch(input, init);
    };
    const download = createContentDownload({ apiOrigin: server.baseUrl, fetch: countingFetch });
    for (const url of badUrls(server.port)) {
      const error = await rejection(download.downloadContentFile(url, { expected: NAMING_EASY }));
      expect([url, error]).toEqual([url, { kind: "invalid-url", message: "Invalid URL", status: null }]);
    }
    expect(fetchCalls).toBe(0);
    expect(server.requests).toEqual([]);
  });

  it("relative paths resolve against the API's origin, not the page's", () => {
    expect(contentUrlOf(PATH, server.baseUrl)?.href).toBe(`${server.baseUrl}${PATH}`);
    expect(contentUrlOf("api/content/naming/easy.json", `${server.baseUrl}/some/page`)?.href).toBe(`${server.baseUrl}${PATH}`);
    expect(contentUrlOf(`${server.baseUrl}${PATH}`, server.baseUrl)?.href).toBe(`${server.baseUrl}${PATH}`);
  });

  it("a download built without an http(s) API origin is a wiring mistake, reported at once", () => {
    expect(() => createContentDownload({ apiOrigin: "" })).toThrow(TypeError);
    expect(() => createContentDownload({ apiOrigin: "file:///tmp" })).toThrow(TypeError);
  });
});

describe("cancelling", () => {
  it("an abort mid-download rejects as aborted, and the server sees the connection closed", async () => {
    const controller = new AbortController();
    const progress = progressLog();
    // A promise resolved with a promise adopts it, so the closing travels inside an object.
    const answered = deferred<{ readonly closed: Promise<void> }>();
    server.serve((_request, response, seen) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(namingBytes.length) });
      response.write(namingBytes.subarray(0, 64));
      // The rest never comes: only the client's cancel ends this response.
      answered.resolve({ closed: seen.connectionClosed });
    });
    const pending = createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, {
      expected: NAMING_EASY,
      signal: controller.signal,
      onProgress: progress.onProgress,
    });
    await progress.loaded(64);
    controller.abort();

    const error = await rejection(pending);
    expect(error).toEqual({ kind: "aborted", message: OTHER_MESSAGES.downloadAborted, status: null });
    expect(isDownloadAborted(error)).toBe(true);
    await (await answered.promise).closed;
    expect(server.requests).toHaveLength(1);
  });

  it("an abort while waiting for the answer rejects as aborted", async () => {
    const controller = new AbortController();
    const arrived = deferred<{ readonly closed: Promise<void> }>();
    server.serve((_request, _response, seen) => {
      arrived.resolve({ closed: seen.connectionClosed });
    });
    const pending = createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY, signal: controller.signal });
    const { closed } = await arrived.promise;
    controller.abort();
    expect(isDownloadAborted(await rejection(pending))).toBe(true);
    await closed;
  });

  it("a download cancelled before it starts makes no request", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(
      createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY, signal: controller.signal }),
    );
    expect(isDownloadAborted(error)).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it("only a cancel is an aborted failure; other failures are failures", async () => {
    server.serve((_request, response) => {
      response.writeHead(500).end();
    });
    const error = await rejection(createContentDownload({ apiOrigin: server.baseUrl }).downloadContentFile(PATH, { expected: NAMING_EASY }));
    expect(isDownloadFailure(error)).toBe(true);
    expect(isDownloadAborted(error)).toBe(false);
    expect(isDownloadFailure(new Error("Network response was not ok"))).toBe(false);
  });
});
