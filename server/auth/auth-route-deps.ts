import type { AuthKeys } from "./auth-keys.ts";
import type { PasswordHashCost } from "./password-hash-cost.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import type { MailPort } from "../outbox/mail-port.ts";
import type { SmsPort } from "../outbox/sms-port.ts";

/** What the authentication routes need. */
export type AuthRouteDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly keys: AuthKeys;
  readonly mail: MailPort;
  readonly sms: SmsPort;
  /** The portal's public origin (PUBLIC_URL), for links in e-mail. */
  readonly publicUrl: string;
  /** The cost new password hashes (and the sign-in's dummy hash) are made with (PASSWORD_HASH_COST). */
  readonly passwordHashCost: PasswordHashCost;
};
