import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { oneSnapshotReader, type ReadSnapshot } from "./db/snapshot-readers.ts";
import { installAccessControl } from "./http/access-control.ts";
import { replyWithFailure } from "./http/api-failure.ts";
import { installApiKeyCheck, pathnameOf } from "./http/api-key.ts";
import { isSourceMapPath, registerClientAssets } from "./http/client-assets.ts";
import { answerClientError, installExpectationAnswer } from "./http/client-errors.ts";
import { installConnectionDraining } from "./http/connection-draining.ts";
import { installErrorHandling } from "./http/error-handling.ts";
import { AccessLogController } from "./http/access-log.ts";
import { LOG_SERIALIZERS } from "./http/log-redaction.ts";
import { BODY_LIMIT_BYTES, failures } from "./http/failures.ts";
import type { Authenticator, PreAuthenticator } from "./http/principal.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { registerResponseCompression } from "./http/response-compression.ts";
import { isApiPath } from "./http/route-access.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import type { Transport } from "./outbox/deliver.ts";
import { createMailPort } from "./outbox/mail-port.ts";
import { createSmsPort } from "./outbox/sms-port.ts";
import { httpSmsTransport } from "./outbox/http-sms-transport.ts";
import { smtpTransport } from "./outbox/smtp-transport.ts";
import { deriveAuthKeys } from "./auth/auth-keys.ts";
import { createAuthenticators } from "./auth/authenticator.ts";
import { dummyPasswordHash } from "./auth/dummy-password.ts";
import { registerAccountRoutes, registerUserRoutes } from "./features/account/index.ts";
import { registerAuditViewerRoutes } from "./features/audit/index.ts";
import { registerAuthRoutes } from "./features/auth/index.ts";
import { registerDashboardOverviewRoutes, registerPatientDashboardRoutes } from "./features/dashboard/index.ts";
import { registerExerciseRoutes, registerGameRoutes } from "./features/exercises/index.ts";
import { registerPatientRoutes } from "./features/patients/index.ts";
import { registerPlaceRoutes } from "./features/places/index.ts";
import { registerReviewQueueRoutes } from "./features/review-queue/index.ts";
import { registerSessionReviewRoutes } from "./features/session-review/index.ts";
import { registerGoalRoutes } from "./features/goals/index.ts";
import { registerProgressReportRoutes } from "./features/progress-reports/index.ts";
import { registerBillingRoutes } from "./features/billing/index.ts";
import { registerCommunicationRatingRoutes } from "./features/communication-ratings/index.ts";
import { registerStaffRoutes } from "./features/slps/index.ts";
import { registerInstitutionRoutes } from "./features/institutions/index.ts";
import { registerAdministratorRoutes } from "./features/administrators/index.ts";
import { registerInvitationRoutes } from "./features/invitations/index.ts";
import { registerMobileRoutes } from "./features/mobile/index.ts";
import { type ChatBus, type StreamOptions, inProcessChatBus, pgChatBus, registerChatRoutes } from "./features/chat/index.ts";
import { registerContentRoutes } from "./platform/content.ts";
import { installDevOutboxReach, registerDevOutboxRoutes } from "./platform/dev-outbox.ts";
import { API_VERSION, registerApiReferenceRoutes } from "./platform/api-reference/index.ts";
import { registerHealthRoute } from "./platform/health.ts";
import { registerMediaRoutes } from "./platform/media.ts";

export const DEFAULT_DIST_DIR = fileURLToPath(new URL("../dist", import.meta.url));

export type AppOptions = {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  /** Fastify's logger setting; tests leave it off or pass { level, stream } to capture lines. */
  readonly logger?: FastifyServerOptions["logger"];
  /**
   * Who is calling; by default the Bearer access-token check of server/auth/authenticator.ts.
   * Tests of access control pass a stand-in.
   */
  readonly authenticator?: Authenticator;
  /** The pre-authentication (`Token`) check of the sign-in steps; by default the real one. */
  readonly preAuthenticator?: PreAuthenticator;
  /** Replaces SMTP (tests use a recording transport); by default SMTP_URL decides. */
  readonly mailTransport?: Transport;
  /** Replaces the HTTP SMS provider; by default SMS_URL decides. */
  readonly smsTransport?: Transport;
  /** Where the built client lives; defaults to the repository's dist/. */
  readonly distDir?: string;
  /** What /api/health asks (server/main.ts passes DatabaseHandle.ping); by default `select 1` on `db`. */
  readonly databasePing?: () => Promise<unknown>;
  /**
   * Reads of one snapshot on several connections (server/main.ts passes DatabaseHandle.readSnapshot);
   * by default one read-only transaction on `db`.
   */
  readonly readSnapshot?: ReadSnapshot;
  /**
   * What wakes the chat's streams (server/features/chat/chat-bus.ts); by default LISTEN/NOTIFY when
   * DATABASE_URL names a PostgreSQL (several API processes), else one process's own.
   */
  readonly chatBus?: ChatBus;
  /** The chat streams' heartbeat and device check (tests shorten them). */
  readonly chatStream?: StreamOptions;
};

// Whatever logger is asked for, it logs errors and requests through the redacting serializers.
const withRedaction = (logger: AppOptions["logger"]): FastifyServerOptions["logger"] => {
  if (logger === undefined || logger === false) return false;
  const settings = logger === true ? {} : logger;
  return { ...settings, serializers: { ...settings.serializers, ...LOG_SERIALIZERS } };
};

const acceptsHtml = (accept: string | undefined): boolean => accept?.includes("text/html") ?? false;

/**
 * Builds the whole HTTP application without listening, so tests drive it with `app.inject()`
 * on a real database and a controllable clock, and server/main.ts listens with the same app.
 */
export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { config, db, clock } = options;
  const app = Fastify({
    logger: withRedaction(options.logger),
    // One line per request, with its answer (server/http/access-log.ts).
    logController: new AccessLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Request ids are ours: a client-chosen id could collide with or forge another request's log trail.
    requestIdHeader: false,
    // Off unless TRUST_PROXY names the proxies: a trusted X-Forwarded-For decides request.ip, hence
    // the rate-limit bucket, so trusting it on a directly reachable server lets anyone pick their own.
    trustProxy: typeof config.trustProxy === "boolean" ? config.trustProxy : [...config.trustProxy],
    // Requests that arrive while closing still run normally; the database closes only after them.
    return503OnClosing: false,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    frameworkErrors: (error, _request, reply) => {
      replyWithFailure(reply, failures.malformedRequest(error.code));
    },
    // Requests Node's parser refuses (431, malformed) get the catalogue body too.
    clientErrorHandler: answerClientError,
  });

  installExpectationAnswer(app);

  const keys = deriveAuthKeys(config.jwtSecret, config.accessTokenLifetimeMs, config.mfaSecretKeys);
  const tokens = createAuthenticators({ db, clock, keys });
  // The first unknown-address sign-in must not pay for building the dummy hash (timing).
  void dummyPasswordHash(config.passwordHashCost);
  // Access control first: its onRoute hook must see every route that follows.
  installAccessControl(app, {
    authenticator: options.authenticator ?? tokens.authenticator,
    preAuthenticator: options.preAuthenticator ?? tokens.preAuthenticator,
    db,
    clock,
  });
  await registerSecurityHeaders(app, { hsts: config.hsts });
  await registerRateLimit(app, db, clock);
  installApiKeyCheck(app, config.apiKey);
  // After the API-key check, before the access rule: a caller from elsewhere gets what a path that
  // does not exist gets (401 without the key, else 404), so nothing tells them the outbox is there.
  const devOutbox = config.isProduction ? "off" : config.devOutbox;
  installDevOutboxReach(app, devOutbox);
  installErrorHandling(app);
  installConnectionDraining(app);
  await registerResponseCompression(app);
  // JSON only: a text/plain body is refused as the wrong content type instead of reaching a decoder as a string.
  app.removeContentTypeParser("text/plain");

  const smtp = options.mailTransport === undefined && config.smtpUrl !== undefined ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined;
  if (smtp !== undefined) app.addHook("onClose", async () => smtp.close());
  const delivery = { db, clock, log: app.log, logBodies: !config.isProduction };
  const mail = createMailPort({ ...delivery, transport: options.mailTransport ?? smtp });
  const smsProvider = config.sms === undefined ? undefined : httpSmsTransport(config.sms);
  // Production never keeps a code in a table nobody reads: without a provider SMS is unavailable.
  const sms = createSmsPort({ ...delivery, transport: options.smsTransport ?? smsProvider, transportRequired: config.isProduction });

  registerHealthRoute(app, options.databasePing ?? (() => db.execute(sql`select 1`)));
  registerMediaRoutes(app);
  registerContentRoutes(app);
  const passwordHashCost = config.passwordHashCost;
  registerAuthRoutes(app, { db, clock, keys, mail, sms, publicUrl: config.publicUrl, passwordHashCost });
  registerUserRoutes(app, { db, clock });
  registerAccountRoutes(app, { db, clock, keys, mail, sms, publicUrl: config.publicUrl, passwordHashCost });
  registerPatientDashboardRoutes(app, { db, clock });
  registerDashboardOverviewRoutes(app, { db, clock });
  registerPatientRoutes(app, { db, clock });
  registerGameRoutes(app, { db, clock });
  registerExerciseRoutes(app, { db, clock });
  registerSessionReviewRoutes(app, { db, clock });
  registerCommunicationRatingRoutes(app, { db, clock });
  registerGoalRoutes(app, { db, clock });
  registerProgressReportRoutes(app, { db, clock });
  registerReviewQueueRoutes(app, { db, clock });
  registerBillingRoutes(app, { db, clock, readSnapshot: options.readSnapshot ?? oneSnapshotReader(db) });
  registerPlaceRoutes(app, { db, clock });
  registerStaffRoutes(app, { db, clock, keys, mail, publicUrl: config.publicUrl });
  registerInstitutionRoutes(app, { db, clock });
  registerAdministratorRoutes(app, { db, clock, keys, mail, publicUrl: config.publicUrl });
  registerInvitationRoutes(app, { db, clock, keys, passwordHashCost });
  registerMobileRoutes(app, { db, clock });
  registerAuditViewerRoutes(app, { db, clock });
  const chatBus = options.chatBus ?? (config.databaseUrl === undefined ? inProcessChatBus() : pgChatBus(config.databaseUrl, app.log));
  registerChatRoutes(app, { db, clock, bus: chatBus, ...(options.chatStream === undefined ? {} : { stream: options.chatStream }) });
  // Development tools exist only outside production, and only where config.devOutbox lets them be
  // reached (docs/security.md, "The development outbox"); elsewhere these paths are plain 404s.
  if (devOutbox !== "off") registerDevOutboxRoutes(app, { db, mail, sms, reach: devOutbox });
  registerApiReferenceRoutes(app, { version: API_VERSION, browsable: !config.isProduction });

  const client = await registerClientAssets(app, {
    distDir: options.distDir ?? DEFAULT_DIST_DIR,
    clientConfig: { apiKey: config.apiKey },
    serveSourceMaps: !config.isProduction,
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname)) return replyWithFailure(reply, failures.routeNotFound(request.method, pathname));
    const navigation = (request.method === "GET" || request.method === "HEAD") && acceptsHtml(request.headers.accept);
    if (navigation && !isSourceMapPath(pathname)) return client.sendShell(request, reply);
    return replyWithFailure(reply, failures.notFound("resource"));
  });
  return app;
};
