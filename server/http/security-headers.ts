import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { pathnameOf } from "./api-key.ts";
import { isApiPath } from "./route-access.ts";

/**
 * A strict Content-Security-Policy: everything from our own origin, no inline scripts or
 * styles (vanilla-extract emits static CSS files in the build), images also from data: URLs
 * (the authenticator-app QR code is one), nothing may frame the portal.
 * upgrade-insecure-requests is left out on purpose: the demo runs on plain http://127.0.0.1.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

/** HSTS as helmet sends it by default (a year, subdomains included), when the portal is on HTTPS. */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/**
 * Helmet's headers that act only on a document (or a worker's script): its policy (CSP), the
 * framing and opener rules, the agent cluster, and the old browsers' download, DNS-prefetch,
 * cross-domain and XSS-filter switches. A hashed script or style sheet the portal serves is never
 * a document: a browser runs it as a module of the page or applies it, and the page's own headers
 * govern both. Those answers drop these (client-assets.ts, `subresourceHeadersOnly`) and keep
 * `nosniff`, `Cross-Origin-Resource-Policy`, `Referrer-Policy` and HSTS (issue 35: about 450 of
 * each such answer's 920 header bytes, on a slow phone's cold load 25-30 of them before a page's
 * heading). Everything else keeps them all: the shell, the API's answers (a JSON answer can be
 * opened as a page), the SVG icon (an SVG opened as a document can run script), an unknown path.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** Whether a built file is a script or style sheet (only those go out without DOCUMENT_ONLY_HEADERS). */
export const isSubresourceFile = (relativePath: string): boolean => /^assets\/[^/]+\.(js|css)$/.test(relativePath);

/** Removes DOCUMENT_ONLY_HEADERS from a response about to send a script or style sheet. */
export const subresourceHeadersOnly = (response: { removeHeader: (name: string) => void }): void => {
  for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name);
};

/**
 * The headers helmet sets for these options, taken once from a throwaway app that registers
 * @fastify/helmet and answers what it put on the response. @fastify/helmet builds helmet from its
 * options again on every request (parsing the policy each time); the headers never vary here (no
 * per-route options, no CSP nonces), so the app sets these instead (issue 36).
 */
export const helmetHeaders = async (options: FastifyHelmetOptions): Promise<ReadonlyArray<readonly [string, string]>> => {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get("/", async (_request, reply) => reply.send(reply.raw.getHeaders()));
    const response = await probe.inject({ url: "/" });
    const set = JSON.parse(response.body) as Record<string, unknown>;
    return Object.entries(set).map(([name, value]) => [name, String(value)] as const);
  } finally {
    await probe.close();
  }
};

/**
 * Helmet's headers on every response. Strict-Transport-Security goes out only when `hsts` says
 * the portal is served over HTTPS (server/config.ts): sent from a plain-http portal it would make
 * a browser that ever reached the host over HTTPS refuse plain http to it for a year.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, options: { readonly hsts: boolean }): Promise<void> => {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // On the raw response, where helmet puts them: a reply that is hijacked (a chat stream) sends them too.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Patient data must never sit in a browser or proxy cache. A callback hook: every answer runs it,
  // and an async one costs a promise and a turn of the microtask queue each time (issue 36).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isApiPath(request.routeOptions.url ?? pathnameOf(request.url))) reply.header("cache-control", "no-store");
    done(null, payload);
  });
};
