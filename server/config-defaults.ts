// The development defaults of the configuration (docs/server.md), which production refuses where
// a guessable value would be an open door (config-production.ts).

/** Development defaults, documented in docs/server.md; production refuses the API key default. */
export const DEFAULT_API_KEY = "dev-portal-api-key";
export const DEFAULT_DEMO_PASSWORD = "Demo-Portal-2026!";
export const MIN_PRODUCTION_API_KEY_LENGTH = 32;
export const DEFAULT_MAIL_FROM = "Speech Therapy Care Portal <no-reply@localhost>";
/**
 * Development signing secret: a constant (not random per process) so several development API
 * processes accept each other's tokens. Production refuses it, like the development API key.
 */
export const DEFAULT_JWT_SECRET = "dev-portal-jwt-secret-not-for-production";
export const MIN_PRODUCTION_JWT_SECRET_LENGTH = 32;
/**
 * Development key of authenticator secrets at rest (32 bytes, base64): fixed so a development
 * database stays readable across restarts. Production refuses it, like the development API key.
 */
export const DEFAULT_MFA_SECRET_KEY = "ZGV2LXBvcnRhbC1tZmEta2V5LW5vdC1mb3ItcHJvZCE=";
/**
 * Development seed of the Ed25519 key that signs the audit trail's checkpoints (32 bytes, base64;
 * docs/audit.md): fixed so a development database's checkpoints verify across restarts.
 * Production refuses it: anyone could sign a checkpoint with it.
 */
export const DEFAULT_AUDIT_CHECKPOINT_KEY = "ZGV2LXBvcnRhbC1hdWRpdC1jaGVja3BvaW50LWtleSE=";
