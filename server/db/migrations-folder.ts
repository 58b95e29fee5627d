import { fileURLToPath } from "node:url";

/** The SQL drizzle-kit generated from server/db/schema; applied at every start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
