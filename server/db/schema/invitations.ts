import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./timestamps.ts";
import { users } from "./users.ts";

/**
 * Invitation links (docs/invitations.md): how a new administrator or SLP, created pending, gets in.
 * Only an HMAC of the link's token is stored, so a copy of this table opens no account. A link is
 * single use (`used_at`), dies after 72 hours (`expires_at`) and when a newer one is sent or it is
 * withdrawn (`revoked_at`). Rows stay after use: the record shows who invited the person and when.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who sent it; null only if that account itself is gone (accounts are archived, not removed). */
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The address the link went to: a changed e-mail sends a new link, and this one dies. */
    email: text("email").notNull(),
    sentAt: instant("sent_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    revokedAt: instant("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_user_idx").on(t.userId, t.sentAt)],
);
