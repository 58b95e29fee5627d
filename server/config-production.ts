import { DEFAULT_API_KEY, DEFAULT_AUDIT_CHECKPOINT_KEY, DEFAULT_JWT_SECRET, DEFAULT_MFA_SECRET_KEY, MIN_PRODUCTION_API_KEY_LENGTH, MIN_PRODUCTION_JWT_SECRET_LENGTH } from "./config-defaults.ts";

/** The variables production checks, as config.ts decoded them (undefined: not set). */
export type ProductionVariables = {
  readonly API_KEY?: string | undefined;
  readonly ACCESS_TOKEN_TTL_SECONDS?: number | undefined;
  readonly PASSWORD_HASH_COST?: string | undefined;
  readonly JWT_SECRET?: string | undefined;
  readonly PUBLIC_URL?: string | undefined;
  readonly SMTP_URL?: string | undefined;
  readonly MFA_SECRET_KEY?: Uint8Array | undefined;
  readonly DEV_OUTBOX?: "true" | "false" | undefined;
  readonly SMS_URL?: string | undefined;
  readonly AUDIT_CHECKPOINT_KEY?: Uint8Array | undefined;
};

/**
 * What production refuses to start with (NODE_ENV=production), each with what to do: a development
 * default or a short secret, a test setting, a missing public address or mail server, the
 * development outbox, SMS credentials over plain http. A guessable key or one-time codes written to
 * a log would be open doors, so the server names every problem at once and does not start.
 */
export const productionRefusals = (vars: ProductionVariables): string[] => {
  const problems: string[] = [];
  if (vars.API_KEY === undefined || vars.API_KEY === DEFAULT_API_KEY) {
    problems.push("API_KEY must be set to a secret value in production (the development default is refused)");
  } else if (vars.API_KEY.length < MIN_PRODUCTION_API_KEY_LENGTH) {
    problems.push(`API_KEY must be at least ${MIN_PRODUCTION_API_KEY_LENGTH} characters in production`);
  }
  if (vars.ACCESS_TOKEN_TTL_SECONDS !== undefined) {
    problems.push("ACCESS_TOKEN_TTL_SECONDS is a test setting and is refused in production");
  }
  if (vars.PASSWORD_HASH_COST === "test") {
    // A guess against a test-cost hash is nearly free, and hashes once written stay that weak.
    problems.push("PASSWORD_HASH_COST=test is a test setting and is refused in production (password hashes must use the production cost)");
  }
  if (vars.JWT_SECRET === undefined || vars.JWT_SECRET === DEFAULT_JWT_SECRET) {
    problems.push("JWT_SECRET must be set to a secret value in production (the development default is refused)");
  } else if (vars.JWT_SECRET.length < MIN_PRODUCTION_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_PRODUCTION_JWT_SECRET_LENGTH} characters in production`);
  } else if (vars.JWT_SECRET === vars.API_KEY) {
    // The API key ships inside the browser bundle: anyone could sign tokens with it.
    problems.push("JWT_SECRET must differ from API_KEY (the API key is public: every browser has it)");
  }
  if (vars.PUBLIC_URL === undefined) {
    problems.push("PUBLIC_URL must be set in production: password-reset e-mails link to it");
  }
  if (vars.SMTP_URL === undefined) {
    problems.push("SMTP_URL must be set in production: one-time codes and password e-mails need a real mail server");
  }
  if (vars.MFA_SECRET_KEY === undefined || Buffer.from(vars.MFA_SECRET_KEY).equals(Buffer.from(DEFAULT_MFA_SECRET_KEY, "base64"))) {
    problems.push("MFA_SECRET_KEY must be set in production (32 random bytes, e.g. openssl rand -base64 32): it encrypts authenticator secrets at rest");
  }
  if (vars.DEV_OUTBOX === "true") {
    problems.push("DEV_OUTBOX=true is refused in production: the development outbox shows everyone's one-time codes and reset links");
  }
  if (vars.SMS_URL !== undefined && !vars.SMS_URL.startsWith("https://")) {
    problems.push("SMS_URL must be an https:// URL in production: it carries the provider's credentials and the codes");
  }
  if (vars.AUDIT_CHECKPOINT_KEY === undefined || Buffer.from(vars.AUDIT_CHECKPOINT_KEY).equals(Buffer.from(DEFAULT_AUDIT_CHECKPOINT_KEY, "base64"))) {
    problems.push("AUDIT_CHECKPOINT_KEY must be set in production (32 random bytes, e.g. openssl rand -base64 32): it signs the audit trail's checkpoints");
  }
  return problems;
};
