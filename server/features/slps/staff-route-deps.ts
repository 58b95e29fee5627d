import type { AuthKeys } from "../../auth/auth-keys.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { MailPort } from "../../outbox/mail-port.ts";

/** What the staff routes need: the database and clock, the keys that hash invitation tokens, and the mail port with the portal's public address for links. */
export type StaffRouteDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly keys: AuthKeys;
  readonly mail: MailPort;
  readonly publicUrl: string;
};
