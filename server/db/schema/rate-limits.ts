import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./timestamps.ts";

/**
 * Fixed-window request counters shared by every API process (so limits hold behind a load
 * balancer). `key` names the rule and the client, e.g. "dev-outbox-send:203.0.113.7".
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    windowEndsAt: instant("window_ends_at").notNull(),
  },
  // The running server's pruning pass finds expired counters by it (server/http/rate-limit-pruning.ts).
  (t) => [index("rate_limit_counters_window_ends_idx").on(t.windowEndsAt)],
);
