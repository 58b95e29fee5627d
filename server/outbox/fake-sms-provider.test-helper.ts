import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type ProviderRequest = { readonly method: string; readonly path: string; readonly headers: IncomingHttpHeaders; readonly body: string };

/** What the fake provider does with the next requests: accept, answer an error status, or never answer. */
export type ProviderMode = { readonly kind: "accept" } | { readonly kind: "status"; readonly status: number; readonly body?: string } | { readonly kind: "hang" };

export type FakeSmsProvider = {
  /** http://127.0.0.1:<port>/messages */
  readonly url: string;
  readonly requests: ProviderRequest[];
  mode: ProviderMode;
  readonly close: () => Promise<void>;
};

/**
 * A real HTTP server on the loopback interface standing in for an SMS provider: it records every
 * request and answers as `mode` says, so the transport is tested over a real socket.
 */
export const startFakeSmsProvider = async (): Promise<FakeSmsProvider> => {
  const requests: ProviderRequest[] = [];
  const provider = { mode: { kind: "accept" } as ProviderMode };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const mode = provider.mode;
      if (mode.kind === "hang") return;
      if (mode.kind === "status") {
        response.writeHead(mode.status, { "content-type": "application/json" }).end(mode.body ?? JSON.stringify({ error: "refused" }));
        return;
      }
      response.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ id: `msg-${requests.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    requests,
    get mode() {
      return provider.mode;
    },
    set mode(next: ProviderMode) {
      provider.mode = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
