import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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
 * Helmet's headers on every response. Strict-Transport-Security goes out only when `hsts` says
 * the portal is served over HTTPS (server/config.ts): sent from a plain-http portal it would make
 * a browser that ever reached the host over HTTPS refuse plain http to it for a year.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, options: { readonly hsts: boolean }): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Patient data must never sit in a browser or proxy cache.
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiPath(request.routeOptions.url ?? pathnameOf(request.url))) reply.header("cache-control", "no-store");
    return payload;
  });
};
