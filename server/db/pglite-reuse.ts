import type { PGlite } from "@electric-sql/pglite";

/**
 * Reusing one embedded database for many suites (tests only, through test-database.ts).
 *
 * Starting a PGlite from a snapshot costs 0.45–0.9 s of CPU (WebAssembly start-up and a 43 MB
 * data folder copied into memory), and the server project starts several hundred per run. A
 * database a suite has closed is instead put back into its worker's pool and, when the next suite
 * asks for one, reset to the state that suite starts from: every row emptied and the template's
 * rows copied back, sequences set, the session's settings, prepared statements, temporary tables,
 * locks and planner statistics discarded. A database whose schema a suite changed (a table or
 * trigger dropped, a function replaced) is never reused: its schema fingerprint no longer matches.
 */

/** What a database holds right after it was loaded from its snapshot. */
export type PgliteState = {
  /** Every user table, emptied on reset (the schema fingerprint guarantees the list still holds). */
  readonly allTables: readonly string[];
  /** `copy … from` input for every table that has rows, in the order they are restored. */
  readonly tables: readonly { readonly name: string; readonly rows: Blob }[];
  /** Every sequence's position: `setval` arguments. */
  readonly sequences: readonly { readonly name: string; readonly value: string; readonly called: boolean }[];
};

// User schemas: public and drizzle's migrations table, never the catalogs.
const USER_RELATIONS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

const quoted = (schema: string, name: string): string => `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

const userTables = async (client: PGlite): Promise<string[]> => {
  const result = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${USER_RELATIONS} order by 1, 2`,
  );
  return result.rows.map((row) => quoted(row.schema, row.name));
};

/**
 * A digest of everything a suite could change in the schema: relations and their columns, indexes,
 * constraints, triggers (and whether they are enabled), functions' bodies, schemas, extensions
 * and per-database settings. Rows, sequence positions and statistics are not in it.
 */
export const schemaFingerprint = async (client: PGlite): Promise<string> => {
  const result = await client.query<{ digest: string }>(`
    select md5(string_agg(item, E'\\n' order by item)) as digest from (
      select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_RELATIONS}
      union all
      select 'col ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped and ${USER_RELATIONS}
      union all
      select 'con ' || conname || ' ' || pg_get_constraintdef(k.oid) || ' ' || k.convalidated::text
        from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${USER_RELATIONS}
      union all
      select 'trg ' || t.tgname || ' ' || t.tgenabled::text || ' ' || pg_get_triggerdef(t.oid)
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and ${USER_RELATIONS}
      union all
      select 'fn ' || n.nspname || '.' || p.proname || ' ' || md5(coalesce(p.prosrc, ''))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_RELATIONS}
      union all
      select 'ns ' || nspname from pg_namespace n where ${USER_RELATIONS}
      union all
      select 'ext ' || extname || ' ' || extversion from pg_extension
      union all
      select 'set ' || array_to_string(setconfig, ',') from pg_db_role_setting
      union all
      select 'role ' || rolname from pg_roles
    ) items`);
  return result.rows[0]?.digest ?? "";
};

/** The rows and sequence positions of a database just loaded from its snapshot. */
export const captureState = async (client: PGlite): Promise<PgliteState> => {
  const allTables = await userTables(client);
  const tables: { name: string; rows: Blob }[] = [];
  for (const name of allTables) {
    const count = await client.query<{ any: boolean }>(`select exists (select 1 from ${name}) as any`);
    if (count.rows[0]?.any !== true) continue;
    const copied = await client.query(`copy ${name} to '/dev/blob'`);
    if (copied.blob === undefined) throw new Error(`PGlite returned no copy of ${name}`);
    tables.push({ name, rows: copied.blob });
  }
  const sequences = await client.query<{ schema: string; name: string; last_value: string | null; start_value: string }>(
    `select schemaname as schema, sequencename as name, last_value::text, start_value::text from pg_sequences
     where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return {
    allTables,
    tables,
    sequences: sequences.rows.map((row) => ({
      name: quoted(row.schema, row.name),
      value: row.last_value ?? row.start_value,
      called: row.last_value !== null,
    })),
  };
};

/**
 * Puts a database back to `state`. Triggers are off meanwhile (session_replication_role =
 * replica): the audit trail refuses truncation by design, and the counters' triggers must not
 * count the restored rows twice; foreign keys are not checked for the same reason, as the rows
 * restored are exactly those of a consistent snapshot.
 */
export const resetTo = async (client: PGlite, state: PgliteState): Promise<void> => {
  // The pool rolled back any transaction the suite left open when it took the database back; a
  // timeout or lock setting the suite left must not cut the truncation short.
  await client.exec("discard all");
  await client.exec(`set session_replication_role = replica; truncate ${state.allTables.join(", ")} restart identity;`);
  for (const table of state.tables) await client.query(`copy ${table.name} from '/dev/blob'`, [], { blob: table.rows });
  const sequences = state.sequences.map((sequence) => `select setval('${sequence.name.replaceAll("'", "''")}', ${sequence.value}, ${sequence.called});`);
  await client.exec(
    `${sequences.join("\n")}
     delete from pg_statistic s using pg_class c, pg_namespace n where s.starelid = c.oid and c.relnamespace = n.oid and ${USER_RELATIONS};`,
  );
  // On its own: several statements in one call run as one transaction, where DISCARD cannot.
  await client.exec("discard all");
};
