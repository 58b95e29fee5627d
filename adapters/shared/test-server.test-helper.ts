import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the test server saw it. */
export type RecordedRequest = {
  readonly method: string;
  /** Path with query string, as sent. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The JSON body parsed, the raw text if it is not JSON, or undefined when empty. */
  readonly body: unknown;
};

/** The scripted answer: a JSON body by default, or raw text with its own content type. */
export type ScriptedAnswer = {
  readonly status: number;
  readonly json?: unknown;
  readonly text?: string;
  readonly contentType?: string;
  /** Hold the answer back (concurrency tests, a hanging logout). */
  readonly delayMs?: number;
};

/** Decides each answer; it sees every request recorded so far, including this one. */
export type ScriptHandler = (request: RecordedRequest, all: readonly RecordedRequest[]) => ScriptedAnswer | Promise<ScriptedAnswer>;

/** A real HTTP server on an ephemeral port: the port boundary the adapter tests talk to. */
export type TestServer = {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  script(handler: ScriptHandler): void;
  close(): Promise<void>;
};

const parseBody = (text: string): unknown => {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

// Unref: a held answer must not keep the test worker alive after its test has finished.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Starts the server on 127.0.0.1 and a free port; answers 404 until a script is set. */
export const startTestServer = async (): Promise<TestServer> => {
  const requests: RecordedRequest[] = [];
  let handler: ScriptHandler = () => ({ status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "t" } });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(recorded);
      void (async () => {
        const answer = await handler(recorded, requests);
        if (answer.delayMs !== undefined) await sleep(answer.delayMs);
        if (res.destroyed) return;
        if (answer.text !== undefined) {
          res.writeHead(answer.status, { "content-type": answer.contentType ?? "text/plain" });
          res.end(answer.text);
        } else if (answer.json !== undefined) {
          res.writeHead(answer.status, { "content-type": answer.contentType ?? "application/json" });
          res.end(JSON.stringify(answer.json));
        } else {
          res.writeHead(answer.status);
          res.end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** An error body as the portal API writes it (spec section 8). */
export const errorBody = (code: string, message: string, field?: string) => ({
  code,
  message,
  detail: field === undefined ? null : { field },
  id: "req-test",
});

/** A promise with its resolve handed out: the gates a test opens to let a held answer go. */
export type Deferred<T> = { readonly promise: Promise<T>; readonly resolve: (value: T) => void };

export const deferred = <T = void>(): Deferred<T> => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};
