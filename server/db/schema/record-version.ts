import { integer } from "drizzle-orm/pg-core";

/**
 * The version of a record people edit (docs/api.md, "Versions and concurrent edits"): 1 when
 * created, one more with every write that changes what its form shows. A write that names the
 * version it started from changes the row only while it still holds that version, so two people
 * editing one record cannot silently overwrite each other.
 */
export const recordVersion = () => integer("version").notNull().default(1);
