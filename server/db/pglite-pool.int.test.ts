import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAudit } from "../audit/record-audit.ts";
import type { DatabaseHandle } from "./database.ts";
import { pgliteStarts } from "./pglite-pool.ts";
import { rowsOf } from "./rows-of.ts";
import { type TestTemplate, createTestDatabase } from "./test-database.ts";

// The pool lends a database a suite has closed to the next suite, reset to that suite's starting
// state. What a suite leaves behind must never reach the next one: rows, sequence positions,
// session settings, prepared statements, temporary tables, an open transaction. A changed schema
// is never lent again.

const single = async (database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> => {
  const [row] = rowsOf(await database.db.execute(query));
  if (row === undefined) throw new Error("no row");
  return row;
};

const NOTE_TYPES: TestTemplate = {
  name: "pool_test_note_types",
  fill: async (db) => {
    await db.execute(sql`insert into note_types (name, color) values ('pool probe one', '#000000'), ('pool probe two', '#ffffff')`);
  },
};

const AUDIT_EVENT = {
  occurredAt: new Date("2026-03-01T12:00:00Z"),
  userId: 3,
  role: "staff",
  patientId: 42,
  userAgent: "vitest",
  institutionId: 1,
  ip: "203.0.113.7",
  action: "read",
  resource: "patient",
  resourceId: "42",
  outcome: "success",
  requestId: null,
} as const;

// Each case starts embedded databases, and one builds a template of its own (every migration on a
// fresh PGlite): 32 s once on a 2-core machine at load 15, past vitest's default 20 s.
const POOL_CASE_TIMEOUT = 120_000;

describe("the worker's pool of embedded test databases", { timeout: POOL_CASE_TIMEOUT }, () => {
  it("lends a closed database again with nothing of the last suite left in it", async () => {
    const first = await createTestDatabase("pglite");
    await recordAudit(first.db, AUDIT_EVENT);
    const sequenceBefore = await single(first, sql`select last_value::text as value, is_called from audit_events_id_seq`);
    await first.exec("set statement_timeout = 1234; create temporary table leftover (n integer); prepare leftover_statement as select 1;");
    await first.exec("begin; insert into note_types (name, color) values ('left in an open transaction', '#000000');");
    await first.close();
    await expect(first.ping()).rejects.toThrow(/closed/);

    const reusedBefore = pgliteStarts.reused;
    const second = await createTestDatabase("pglite");
    try {
      expect(pgliteStarts.reused).toBe(reusedBefore + 1);
      expect(await single(second, sql`select count(*)::int as n from audit_events`)).toEqual({ n: 0 });
      expect(await single(second, sql`select count(*)::int as n from note_types where name = 'left in an open transaction'`)).toEqual({ n: 0 });
      expect(await single(second, sql`select current_setting('statement_timeout') as value`)).toEqual({ value: "0" });
      expect(await single(second, sql`select count(*)::int as n from pg_prepared_statements`)).toEqual({ n: 0 });
      expect(await single(second, sql`select to_regclass('pg_temp.leftover') is null as gone`)).toEqual({ gone: true });
      // The sequence starts where the snapshot left it, not after the last suite's rows.
      expect(sequenceBefore).toEqual({ value: "1", is_called: true });
      expect(await single(second, sql`select is_called from audit_events_id_seq`)).toEqual({ is_called: false });
      // The audit trail is append-only again once lent: its triggers are back on.
      await recordAudit(second.db, AUDIT_EVENT);
      await expect(second.exec("delete from audit_events")).rejects.toThrow(/append-only|not allowed|cannot/i);
    } finally {
      await second.close();
    }
  });

  it("restores a template's rows exactly, whatever the last suite did to them", async () => {
    const fresh = await createTestDatabase("pglite", NOTE_TYPES);
    const expected = rowsOf(await fresh.db.execute(sql`select * from note_types order by id`));
    expect(expected.filter((row) => String(row.name).startsWith("pool probe"))).toHaveLength(2);
    await fresh.exec("delete from note_types; insert into note_types (name, color) values ('changed by a suite', '#000000');");
    await fresh.close();

    const again = await createTestDatabase("pglite", NOTE_TYPES);
    try {
      expect(rowsOf(await again.db.execute(sql`select * from note_types order by id`))).toEqual(expected);
    } finally {
      await again.close();
    }
  });

  // The pool lends the database returned last first, so without the fingerprint this one would be next.
  it("never lends a database whose schema a suite changed", async () => {
    const changed = await createTestDatabase("pglite");
    await changed.exec("alter table note_types add column pool_probe integer");
    await changed.close();
    const next = await createTestDatabase("pglite");
    try {
      expect(
        await single(next, sql`select count(*)::int as n from information_schema.columns where table_name = 'note_types' and column_name = 'pool_probe'`),
      ).toEqual({ n: 0 });
    } finally {
      await next.close();
    }
  });
});
