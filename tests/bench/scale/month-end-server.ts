// The API as server/main.ts builds it (its heap growth included), on DATABASE_URL, listening on HOST:PORT, without the
// background passes (the /rtm status pass, the chat reminders) and without seeding the demo: the
// month-end bench (month-end-at-scale.ts) measures month-end alone, and leaves the large seed's
// tables as the seed left them (no statuses judged into rtm_month_statuses behind another bench).
import { buildApp } from "../../../server/app.ts";
import { systemClock } from "../../../server/clock.ts";
import { loadConfig } from "../../../server/config.ts";
import { connectDatabase } from "../../../server/db/connect.ts";
import { limitHeapGrowth } from "../../../server/runtime/heap-growth.ts";

// As server/main.ts does first (docs/server.md "Memory").
limitHeapGrowth();
const loaded = loadConfig(process.env);
if (!loaded.ok) throw new Error(`configuration: ${loaded.problems.join("; ")}`);
const { config } = loaded;
const database = await connectDatabase(config);
await database.migrate();
const app = await buildApp({ config, db: database.db, databasePing: database.ping, readSnapshot: database.readSnapshot, clock: systemClock, logger: { level: process.env.LOG_LEVEL ?? "warn" } });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
await app.listen({ port: config.port, host: config.host });
