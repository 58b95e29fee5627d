import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./database.ts";

/**
 * A statement every request runs (the session lookup, its touch, the audit insert), built once per
 * database instead of on every call: drizzle's query builders cost tens of microseconds a
 * statement, and `.prepare(name)` gives node-postgres a name, so PostgreSQL (and the embedded
 * database behind its socket) parses and plans it once per connection instead of on every
 * execution. In-process PGlite (the test driver) ignores the name and only saves the building.
 *
 * `build` must use only `sql.placeholder(...)` for what varies: the statement is fixed text.
 * Keyed by the database object, so each app's database (and each transaction, for as long as
 * it lives) gets its own; a name must be unique across the server (PostgreSQL refuses a second
 * statement of the same name on one connection).
 */
export const preparedOnce = <Prepared>(build: (db: Database) => Prepared): ((db: Database) => Prepared) => {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    const known = built.get(db);
    if (known !== undefined) return known;
    const prepared = build(db);
    built.set(db, prepared);
    return prepared;
  };
};

/**
 * `preparedOnce` for a statement of several shapes (a list's order, whose slice): one per database
 * and key, built at the key's first use. The keys must come from a small fixed set (each stays for
 * the database's life, and server side for the connection's), and `build` must give each key one
 * name of its own.
 */
export const preparedPerShape = <Key extends string, Prepared>(build: (db: Database, key: Key) => Prepared): ((db: Database, key: Key) => Prepared) => {
  const built = new WeakMap<Database, Map<Key, Prepared>>();
  return (db, key) => {
    let shapes = built.get(db);
    if (shapes === undefined) {
      shapes = new Map();
      built.set(db, shapes);
    }
    const known = shapes.get(key);
    if (known !== undefined) return known;
    const prepared = build(db, key);
    shapes.set(key, prepared);
    return prepared;
  };
};

/**
 * The name to `.prepare()` a statement built once (preparedOnce, preparedPerShape) but planned on
 * every call: the unnamed statement. node-postgres then sends its text with each execution, so
 * PostgreSQL plans it with that call's values (a custom plan) and never settles on a generic one.
 * For statements whose best plan depends on their values: the overview's time ranges, where the
 * generic plan PostgreSQL chose after five calls at 100,000 patients read 92 ms against 12 (issue
 * 36). Drizzle's build, the larger part of a small read's cost of its own, is still saved.
 */
export const PLANNED_PER_CALL = "";

/**
 * A named placeholder with its type written out (`$n::int`): in a statement built from SQL text
 * (a data-modifying WITH, a raw subquery) nothing else tells PostgreSQL what the value is.
 */
export const typedPlaceholder = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
