import * as Schema from "effect/Schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validateEmail } from "../../domain/shared/validators/email.ts";
import { toSmsPhone } from "../../domain/shared/validators/phone.ts";
import { boundedText, isTypedText } from "../../domain/shared/wire/text-fields.ts";
import { DEV_OUTBOX_REACH, type DevOutboxReach } from "../config.ts";
import type { Database } from "../db/database.ts";
import { fromDomainFailure, replyWithFailure } from "../http/api-failure.ts";
import { decodeRequest } from "../http/decode-request.ts";
import { isLoopbackAddress } from "../http/loopback.ts";
import type { MailPort } from "../outbox/mail-port.ts";
import { type OutboxRecord, newestOutboxMessages, recentOutboxMessages } from "../outbox/outbox-store.ts";
import type { SmsPort } from "../outbox/sms-port.ts";
import { renderOutboxPage } from "./dev-outbox-page.ts";

const DEFAULT_LIMIT = 20;

const Limit = Schema.NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 }));
const OutboxQuery = Schema.Struct({
  to: boundedText(320).check(Schema.isMinLength(1)),
  limit: Schema.optionalKey(Limit),
});
const OutboxPageQuery = Schema.Struct({
  to: Schema.optionalKey(boundedText(320)),
});
const SendBody = Schema.Struct({
  channel: Schema.Literals(["email", "sms"]),
  to: boundedText(320),
  subject: Schema.optionalKey(boundedText(200)),
  body: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(10_000), isTypedText("multi-line")),
});

const decodeQuery = decodeRequest(OutboxQuery, "query");
const decodePageQuery = decodeRequest(OutboxPageQuery, "query");
const decodeSend = decodeRequest(SendBody, "body", { to: { invalid: "ERROR_056" } });

// A listening address as an origin; a pipe or socket path (a string) as it is.
const originOf = (address: string | { readonly address: string; readonly family: string; readonly port: number }): string =>
  typeof address === "string" ? address : `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;

/** One message as the dev outbox answers it (snake_case like every API body). */
export const outboxMessageJson = (message: OutboxRecord) => ({
  id: message.id,
  channel: message.channel,
  to: message.recipient,
  subject: message.subject,
  body: message.body,
  created_at: message.createdAt.toISOString(),
  sent_at: message.sentAt?.toISOString() ?? null,
});

const OPEN = { public: true, apiKey: "not-required" } as const;

/** The outbox's route patterns: the reach check matches the route, not the raw URL, so no spelling slips past. */
const DEV_OUTBOX_ROUTES: ReadonlySet<string> = new Set(["/api/dev/outbox", "/dev/outbox"]);

/**
 * Whether a caller is on this machine: the socket's peer and the client address (the same unless
 * TRUST_PROXY names a proxy) are loopback, and no proxy forwarded the request. A reverse proxy on
 * the same machine connects from loopback but speaks for someone elsewhere; it says so in
 * X-Forwarded-For or Forwarded, and then the caller is not taken as local.
 */
const fromThisMachine = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket.remoteAddress) &&
  isLoopbackAddress(request.ip) &&
  request.headers["x-forwarded-for"] === undefined &&
  request.headers.forwarded === undefined;

/**
 * With the `loopback` reach, a caller from elsewhere finds no outbox: the answer of a path that
 * does not exist (the API-key check's 401 first, as for any unknown /api path, then the not-found
 * handler), so nothing tells them it is there. Installed right after the API-key check (server/app.ts).
 */
export const installDevOutboxReach = (app: FastifyInstance, reach: DevOutboxReach): void => {
  if (reach !== DEV_OUTBOX_REACH.loopback) return;
  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !DEV_OUTBOX_ROUTES.has(route) || fromThisMachine(request)) return;
    return reply.callNotFound();
  });
};

/** The start-up warning of a server whose outbox is open: what anyone who reads it can do, and from where. */
export const devOutboxWarning = (reach: Exclude<DevOutboxReach, "off">, origins: readonly string[]): string => {
  const where = origins.map((origin) => `${origin}/dev/outbox`).join(", ");
  const who =
    reach === DEV_OUTBOX_REACH.everyone
      ? "by ANY caller that reaches this server (DEV_OUTBOX=true)"
      : "by callers on this machine only (the server listens on loopback; DEV_OUTBOX=false switches it off)";
  return `DEVELOPMENT OUTBOX IS ON: every one-time code and password-reset link the portal sends can be read at ${where} ${who}. Never run like this with real accounts; production (NODE_ENV=production) has no outbox.`;
};

/**
 * Development-only mailbox (never registered in production, nor on a server listening beyond
 * loopback unless DEV_OUTBOX=true; with the `loopback` reach only callers on this machine find it):
 * - GET /api/dev/outbox?to=ADDRESS: newest messages to that address, for e2e tests and scripts
 *   reading one-time codes. Needs the API key like every other /api call: the JSON holds codes
 *   and reset links, and nothing under /api answers a caller without the key.
 * - POST /api/dev/outbox: sends a test message through the real mail/SMS port (SMTP when
 *   configured), so a developer can check delivery. Needs the API key; rate limited.
 * - GET /dev/outbox: the same list as an accessible HTML page, open without the key (a browser
 *   navigation cannot send the header), so a person running the demo can read their code.
 */
export const registerDevOutboxRoutes = (
  app: FastifyInstance,
  deps: { readonly db: Database; readonly mail: MailPort; readonly sms: SmsPort; readonly reach: Exclude<DevOutboxReach, "off"> },
): void => {
  // Said loudly once the server listens, with the addresses it listens on: whoever starts it must know.
  app.addHook("onListen", async () => {
    app.log.warn({ devOutbox: deps.reach }, devOutboxWarning(deps.reach, app.addresses().map(originOf)));
  });
  app.get("/api/dev/outbox", { config: { decodes: [decodeQuery], access: { public: true }, doc: { summary: "Development only: the newest messages the portal wrote to one address", scope: "none", errors: {} } } }, async (request, reply) => {
    const query = decodeQuery(request.query);
    if (!query.ok) return replyWithFailure(reply, query.failure);
    const messages = await newestOutboxMessages(deps.db, query.value.to, query.value.limit ?? DEFAULT_LIMIT);
    return { to: query.value.to, count: messages.length, results: messages.map(outboxMessageJson) };
  });

  app.post(
    "/api/dev/outbox",
    { config: { decodes: [decodeSend], access: { public: true }, rateLimit: { max: 30, timeWindow: 60_000 }, doc: { summary: "Development only: sends a test e-mail or SMS through the outbox", scope: "none", errors: { 400: ["ERROR_002", "ERROR_056"], 429: ["ERROR_012"] }, status: 201 } } },
    async (request, reply) => {
      const body = decodeSend(request.body);
      if (!body.ok) return replyWithFailure(reply, body.failure);
      const { channel, to, subject, body: text } = body.value;
      if (channel === "email") {
        const email = validateEmail(to, "to");
        if (!email.ok) return replyWithFailure(reply, fromDomainFailure(400, email, "invalid body.to"));
        const record = await deps.mail.send({ to: email.value, subject: subject ?? "Test message", text });
        return reply.code(201).send(outboxMessageJson(record));
      }
      const phone = toSmsPhone(to);
      if (!phone.ok) return replyWithFailure(reply, fromDomainFailure(400, { ...phone, field: "to" }, "invalid body.to"));
      const record = await deps.sms.send({ to: phone.value, text });
      return reply.code(201).send(outboxMessageJson(record));
    },
  );

  app.get("/dev/outbox", { config: { decodes: [decodePageQuery], access: OPEN } }, async (request, reply) => {
    const query = decodePageQuery(request.query);
    const to = query.ok ? (query.value.to ?? "") : "";
    const messages = to === "" ? await recentOutboxMessages(deps.db, 50) : await newestOutboxMessages(deps.db, to, 50);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(renderOutboxPage(to, messages));
  });
};
