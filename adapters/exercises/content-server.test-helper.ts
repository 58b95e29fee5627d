import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deferred } from "../shared/test-server.test-helper.ts";

// The download tests' gates are the shared ones (their importers keep reading them from here).
export { deferred, type Deferred } from "../shared/test-server.test-helper.ts";

/** Writes one response as the test needs it: in chunks, held at a gate, or cut off mid-body. */
export type ContentHandler = (request: IncomingMessage, response: ServerResponse, seen: SeenRequest) => void | Promise<void>;

/** One request as the server saw it, with a promise that settles when its connection closes. */
export type SeenRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  /** Resolves once the client's connection is gone (a cancelled download, or the server's own cut). */
  readonly connectionClosed: Promise<void>;
};

/**
 * A real HTTP server on an ephemeral port that streams content files the way each test scripts it,
 * unlike shared/test-server, which answers whole bodies only.
 */
export type ContentServer = {
  readonly baseUrl: string;
  readonly port: number;
  readonly requests: SeenRequest[];
  serve(handler: ContentHandler): void;
  close(): Promise<void>;
};

/** Starts the server on 127.0.0.1 and a free port; answers 404 until a handler is set. */
export const startContentServer = async (): Promise<ContentServer> => {
  const requests: SeenRequest[] = [];
  let handler: ContentHandler = (_request, response) => {
    response.writeHead(404).end();
  };
  const server: Server = createServer((request, response) => {
    const closed = deferred();
    request.socket.once("close", () => closed.resolve());
    const seen: SeenRequest = {
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      connectionClosed: closed.promise,
    };
    requests.push(seen);
    void Promise.resolve(handler(request, response, seen)).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    serve: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
