import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import * as SchemaIssue from "effect/SchemaIssue";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { CHAT_LIMITS } from "../domain/chat/chat-limits.ts";
import { AUTH_POLICY } from "./auth/auth-policy.ts";
import { PASSWORD_HASH_COST_NAMES, type PasswordHashCost } from "./auth/password-hash-cost.ts";
import { DEFAULT_API_KEY, DEFAULT_AUDIT_CHECKPOINT_KEY, DEFAULT_DEMO_PASSWORD, DEFAULT_JWT_SECRET, DEFAULT_MAIL_FROM, DEFAULT_MFA_SECRET_KEY } from "./config-defaults.ts";
import { productionRefusals } from "./config-production.ts";
import { TrustProxy } from "./config-trust-proxy.ts";
import { isLoopbackHost } from "./http/loopback.ts";

export {
  DEFAULT_API_KEY,
  DEFAULT_AUDIT_CHECKPOINT_KEY,
  DEFAULT_DEMO_PASSWORD,
  DEFAULT_JWT_SECRET,
  DEFAULT_MAIL_FROM,
  DEFAULT_MFA_SECRET_KEY,
  MIN_PRODUCTION_API_KEY_LENGTH,
  MIN_PRODUCTION_JWT_SECRET_LENGTH,
} from "./config-defaults.ts";

export type Config = {
  readonly port: number;
  readonly host: string;
  /** Folder of the embedded PGlite database; ignored when `databaseUrl` is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** The static key every /api call (but health and media) carries in `X-Api-Key`. */
  readonly apiKey: string;
  readonly smtpUrl: string | undefined;
  /** The From address of e-mail sent over SMTP. */
  readonly mailFrom: string;
  readonly demoPassword: string;
  /** Signs access and pre-authentication tokens and keys the one-time-code HMAC. */
  readonly jwtSecret: string;
  /** The portal's public origin, used in e-mailed links (password reset); never taken from a request. */
  readonly publicUrl: string;
  /** Access-token lifetime; ACCESS_TOKEN_TTL_SECONDS may shorten it outside production (tests of refresh). */
  readonly accessTokenLifetimeMs: number;
  /**
   * The argon2id cost new password hashes are made with (server/auth/password-hash-cost.ts):
   * `production` unless PASSWORD_HASH_COST=test, which production refuses.
   */
  readonly passwordHashCost: PasswordHashCost;
  /**
   * Whether responses carry Strict-Transport-Security: only where the portal says it is served
   * over HTTPS (an https PUBLIC_URL in production, or HSTS=true), never on plain-http development.
   */
  readonly hsts: boolean;
  readonly nodeEnv: string;
  readonly isProduction: boolean;
  /**
   * Which peers may speak for the client in X-Forwarded-For (Fastify's trustProxy): false (none,
   * the default), true (any: only behind a proxy that overwrites the header) or a list of proxy
   * addresses and CIDRs. It decides `request.ip`, hence the rate-limit buckets and the audit log.
   */
  readonly trustProxy: boolean | readonly string[];
  /** AES-256-GCM keys of authenticator secrets at rest: the current one, and the one before a rotation. */
  readonly mfaSecretKeys: { readonly current: Uint8Array; readonly previous: Uint8Array | undefined };
  /** The HTTP SMS provider (SMS_URL, credentials in it or in SMS_TOKEN); undefined keeps SMS in the outbox. */
  readonly sms: SmsProviderConfig | undefined;
  /**
   * Who may open the development outbox (it shows everyone's one-time codes and reset links):
   * `off` (production, a non-loopback HOST, or DEV_OUTBOX=false), `loopback` (the default on a
   * loopback HOST: only callers on this machine) or `everyone` (DEV_OUTBOX=true, never in production).
   */
  readonly devOutbox: DevOutboxReach;
  /** How long a chat message stays unread before its reader is e-mailed (CHAT_REMINDER_MINUTES; docs/chat-api.md "Reminders"). */
  readonly chatReminderAfterMs: number;
  /** The Ed25519 seed (32 bytes) that signs the audit trail's daily checkpoints (AUDIT_CHECKPOINT_KEY; docs/audit.md). */
  readonly auditCheckpointKey: Uint8Array;
};

export const DEV_OUTBOX_REACH = { off: "off", loopback: "loopback", everyone: "everyone" } as const;
export type DevOutboxReach = (typeof DEV_OUTBOX_REACH)[keyof typeof DEV_OUTBOX_REACH];

export type SmsProviderConfig = {
  /** The provider's endpoint without credentials, so it can be logged. */
  readonly url: string;
  /** The Authorization header value: Bearer SMS_TOKEN, or Basic from the URL's user:password. */
  readonly authorization: string | undefined;
};

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly problems: readonly string[] };

const Port = Schema.NumberFromString.check(
  Schema.isInt({ message: "PORT must be a whole number" }),
  Schema.isBetween({ minimum: 0, maximum: 65_535 }, { message: "PORT must be between 0 and 65535" }),
);
const PostgresUrl = Schema.String.check(
  Schema.isPattern(/^postgres(ql)?:\/\/\S+$/, { message: "DATABASE_URL must be a postgres:// or postgresql:// URL" }),
);
const SmtpUrl = Schema.String.check(
  Schema.isPattern(/^smtps?:\/\/\S+$/, { message: "SMTP_URL must be an smtp:// or smtps:// URL" }),
);
const NonBlank = Schema.String.check(Schema.isMinLength(1));
// Seconds, from 1 up to the policy's own lifetime: the knob may only shorten it.
const AccessTokenTtl = Schema.NumberFromString.check(
  Schema.isInt(),
  Schema.isBetween({ minimum: 1, maximum: AUTH_POLICY.accessTokenLifetimeMs / 1000 }),
);
// Minutes, from 1 to a day.
const ReminderMinutes = Schema.NumberFromString.check(
  Schema.isInt({ message: "CHAT_REMINDER_MINUTES must be a whole number" }),
  Schema.isBetween({ minimum: 1, maximum: 1_440 }, { message: "CHAT_REMINDER_MINUTES must be between 1 and 1440" }),
);
const PublicUrl = Schema.String.check(
  Schema.isPattern(/^https?:\/\/[^\s/?#]+$/, { message: "PUBLIC_URL must be an http:// or https:// origin without a path" }),
);

// MFA_SECRET_KEY(_PREVIOUS): exactly 32 bytes, written as 64 hex digits or standard base64.
const MfaSecretKey = Schema.String.check(
  Schema.isPattern(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, {
    message: "must be 32 bytes written as 64 hex digits or base64 (44 characters); make one with: openssl rand -base64 32",
  }),
).pipe(
  Schema.decodeTo(
    Schema.Uint8Array,
    SchemaTransformation.transform({
      decode: (text: string): Uint8Array => new Uint8Array(Buffer.from(text, text.length === 64 ? "hex" : "base64")),
      encode: (bytes: Uint8Array) => Buffer.from(bytes).toString("base64"),
    }),
  ),
);

const SmsUrl = Schema.String.check(
  Schema.makeFilter((text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
    message: "SMS_URL must be an http:// or https:// URL",
  }),
);

const Switch = Schema.Literals(["true", "false"]).annotate({ message: "must be true or false" });
const PasswordHashCostName = Schema.Literals(PASSWORD_HASH_COST_NAMES).annotate({ message: `must be one of ${PASSWORD_HASH_COST_NAMES.join(", ")}` });

const Environment = Schema.Struct({
  PORT: Schema.optional(Port),
  HOST: Schema.optional(NonBlank),
  DATA_DIR: Schema.optional(NonBlank),
  DATABASE_URL: Schema.optional(PostgresUrl),
  API_KEY: Schema.optional(NonBlank),
  SMTP_URL: Schema.optional(SmtpUrl),
  MAIL_FROM: Schema.optional(NonBlank),
  DEMO_PASSWORD: Schema.optional(Schema.String.check(Schema.isMinLength(8, { message: "DEMO_PASSWORD must be at least 8 characters" }))),
  JWT_SECRET: Schema.optional(NonBlank),
  ACCESS_TOKEN_TTL_SECONDS: Schema.optional(AccessTokenTtl),
  PASSWORD_HASH_COST: Schema.optional(PasswordHashCostName),
  PUBLIC_URL: Schema.optional(PublicUrl),
  HSTS: Schema.optional(Switch),
  NODE_ENV: Schema.optional(NonBlank),
  TRUST_PROXY: Schema.optional(TrustProxy),
  MFA_SECRET_KEY: Schema.optional(MfaSecretKey),
  MFA_SECRET_KEY_PREVIOUS: Schema.optional(MfaSecretKey),
  SMS_URL: Schema.optional(SmsUrl),
  SMS_TOKEN: Schema.optional(NonBlank),
  DEV_OUTBOX: Schema.optional(Switch),
  CHAT_REMINDER_MINUTES: Schema.optional(ReminderMinutes),
  // 32 bytes like MFA_SECRET_KEY: an Ed25519 private key's seed.
  AUDIT_CHECKPOINT_KEY: Schema.optional(MfaSecretKey),
});

/** The provider endpoint with its credentials taken out of the URL (they go in a header, never in a log). */
const smsProvider = (smsUrl: string, token: string | undefined): SmsProviderConfig => {
  const url = new URL(smsUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = "";
  url.password = "";
  const basic = user.length > 0 ? `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` : undefined;
  return { url: url.toString(), authorization: token === undefined ? basic : `Bearer ${token}` };
};

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

/** Unset and empty variables mean "use the default": shells and compose files often export `X=`. */
const presentOnly = (env: Readonly<Record<string, string | undefined>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const key of Object.keys(Environment.fields)) {
    const value = env[key]?.trim();
    if (value !== undefined && value.length > 0) out[key] = value;
  }
  return out;
};

/**
 * Reads the configuration from environment variables. In production the server refuses to start
 * with the development API key (or any key shorter than 32 characters) or without SMTP, because a
 * guessable key or one-time codes written to a log would be open doors.
 */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): ConfigResult => {
  const decoded = Schema.decodeUnknownResult(Environment, { errors: "all" })(presentOnly(env));
  if (Result.isFailure(decoded)) {
    const problems = formatter(decoded.failure.issue).issues.map((issue) => {
      const key = issue.path?.map(String).join(".") ?? "environment";
      return issue.message.includes(key) ? issue.message : `${key}: ${issue.message}`;
    });
    return { ok: false, problems };
  }
  const vars = decoded.success;
  const nodeEnv = vars.NODE_ENV ?? "development";
  const isProduction = nodeEnv === "production";
  const port = vars.PORT ?? 3000;
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${port}`;
  const servedOverHttps = publicUrl.startsWith("https://");
  const host = vars.HOST ?? "127.0.0.1";
  const config: Config = {
    port,
    host,
    dataDir: vars.DATA_DIR ?? "./data",
    databaseUrl: vars.DATABASE_URL,
    apiKey: vars.API_KEY ?? DEFAULT_API_KEY,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    demoPassword: vars.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    jwtSecret: vars.JWT_SECRET ?? DEFAULT_JWT_SECRET,
    accessTokenLifetimeMs:
      vars.ACCESS_TOKEN_TTL_SECONDS === undefined ? AUTH_POLICY.accessTokenLifetimeMs : vars.ACCESS_TOKEN_TTL_SECONDS * 1000,
    passwordHashCost: vars.PASSWORD_HASH_COST ?? "production",
    publicUrl,
    hsts: vars.HSTS === undefined ? isProduction && servedOverHttps : vars.HSTS === "true",
    nodeEnv,
    isProduction,
    trustProxy: vars.TRUST_PROXY ?? false,
    mfaSecretKeys: {
      current: vars.MFA_SECRET_KEY ?? decodeMfaKey(DEFAULT_MFA_SECRET_KEY),
      previous: vars.MFA_SECRET_KEY_PREVIOUS,
    },
    sms: vars.SMS_URL === undefined ? undefined : smsProvider(vars.SMS_URL, vars.SMS_TOKEN),
    devOutbox: devOutboxReach(isProduction, host, vars.DEV_OUTBOX),
    chatReminderAfterMs: vars.CHAT_REMINDER_MINUTES === undefined ? CHAT_LIMITS.reminderAfterMs : vars.CHAT_REMINDER_MINUTES * 60_000,
    auditCheckpointKey: vars.AUDIT_CHECKPOINT_KEY ?? decodeMfaKey(DEFAULT_AUDIT_CHECKPOINT_KEY),
  };
  const problems: string[] = [];
  if (vars.SMS_TOKEN !== undefined && vars.SMS_URL === undefined) {
    problems.push("SMS_TOKEN is set without SMS_URL: set the provider's URL too");
  }
  if (vars.HSTS === "true" && !servedOverHttps) {
    // A browser that once saw HSTS for a host refuses plain http to it for a year.
    problems.push("HSTS=true needs an https:// PUBLIC_URL: a portal served over plain http must never ask browsers for HTTPS only");
  }
  if (!isProduction) return problems.length > 0 ? { ok: false, problems } : { ok: true, config };

  problems.push(...productionRefusals(vars));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
};

const decodeMfaKey = Schema.decodeUnknownSync(MfaSecretKey);

/**
 * The outbox hands out every sign-in code, so a server that forgot NODE_ENV=production must not
 * give it to the network: without DEV_OUTBOX it is on only when the server listens on loopback
 * (and then only for callers on this machine), and DEV_OUTBOX=true (opening it to any caller) is
 * refused in production.
 */
const devOutboxReach = (isProduction: boolean, host: string, flag: "true" | "false" | undefined): DevOutboxReach => {
  if (isProduction || flag === "false") return DEV_OUTBOX_REACH.off;
  if (flag === "true") return DEV_OUTBOX_REACH.everyone;
  return isLoopbackHost(host) ? DEV_OUTBOX_REACH.loopback : DEV_OUTBOX_REACH.off;
};

/**
 * A configuration for tests: development defaults, an in-memory database, no network, and the
 * test password-hash cost (a test about the production cost asks for it in `overrides`).
 */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: "127.0.0.1",
  dataDir: "memory://",
  databaseUrl: undefined,
  apiKey: DEFAULT_API_KEY,
  smtpUrl: undefined,
  mailFrom: DEFAULT_MAIL_FROM,
  demoPassword: DEFAULT_DEMO_PASSWORD,
  jwtSecret: DEFAULT_JWT_SECRET,
  accessTokenLifetimeMs: AUTH_POLICY.accessTokenLifetimeMs,
  passwordHashCost: "test",
  publicUrl: "http://localhost:3000",
  hsts: false,
  nodeEnv: "test",
  isProduction: false,
  trustProxy: false,
  mfaSecretKeys: { current: decodeMfaKey(DEFAULT_MFA_SECRET_KEY), previous: undefined },
  sms: undefined,
  devOutbox: DEV_OUTBOX_REACH.loopback,
  chatReminderAfterMs: CHAT_LIMITS.reminderAfterMs,
  auditCheckpointKey: decodeMfaKey(DEFAULT_AUDIT_CHECKPOINT_KEY),
  ...overrides,
});
