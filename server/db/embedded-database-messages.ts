import * as Schema from "effect/Schema";

/** What the server tells the embedded database process at start (its one argument, as JSON). */
export const EmbeddedDatabaseOrders = Schema.Struct({
  /** PGlite's folder, or "memory://". */
  dataDir: Schema.String,
  /** Unix socket to listen on; without it the process listens on 127.0.0.1 on a free port. */
  socketPath: Schema.optional(Schema.String),
});
export type EmbeddedDatabaseOrders = typeof EmbeddedDatabaseOrders.Type;

/** What the embedded database process reports back over IPC. */
export const EmbeddedDatabaseReport = Schema.Union([
  Schema.Struct({ type: Schema.Literal("ready"), socketPath: Schema.String }),
  Schema.Struct({ type: Schema.Literal("ready"), port: Schema.Number }),
  Schema.Struct({ type: Schema.Literal("stopped"), reason: Schema.String }),
  /** The answer to { type: "ping", id }: the process runs and PGlite is open. */
  Schema.Struct({ type: Schema.Literal("pong"), id: Schema.Number, open: Schema.Boolean }),
]);

/** What the server asks of the embedded database process over IPC. */
export const EmbeddedDatabaseRequest = Schema.Union([
  Schema.Struct({ type: Schema.Literal("stop") }),
  Schema.Struct({ type: Schema.Literal("ping"), id: Schema.Number }),
]);
export type EmbeddedDatabaseRequest = typeof EmbeddedDatabaseRequest.Type;
export type EmbeddedDatabaseReport = typeof EmbeddedDatabaseReport.Type;
