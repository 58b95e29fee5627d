import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_AUDIT_CHECKPOINT_KEY } from "../config-defaults.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import { TEST_DRIVERS, createTestDatabase } from "../db/test-database.ts";
import { canonicalContent, linkHash } from "./audit-canonical.ts";
import { checkpointKeysOf, writeCheckpoint } from "./audit-checkpoint.ts";
import { sealAuditChain } from "./audit-seal.ts";
import { AUDIT_PROBLEMS, verifyAuditTrail } from "./audit-verify.ts";
import { type AuditEvent, recordAudit } from "./record-audit.ts";

const KEYS = checkpointKeysOf(Buffer.from(DEFAULT_AUDIT_CHECKPOINT_KEY, "base64"));
const OTHER_KEYS = checkpointKeysOf(Buffer.alloc(32, 7));
const TIMEOUT = 120_000;

const event = (n: number, institutionId: number | null): AuditEvent => ({
  occurredAt: new Date(Date.UTC(2026, 2, 1, 12, 0, n)),
  userId: 100 + n,
  role: institutionId === null ? "super_admin" : "staff",
  institutionId,
  patientId: institutionId === null ? null : 500 + n,
  ip: "203.0.113.7",
  userAgent: "vitest",
  action: "read",
  resource: "patient",
  resourceId: String(500 + n),
  outcome: "success",
  requestId: `req-${n}`,
  changes: n % 3 === 0 ? { lastName: { from: "A", to: "B" } } : null,
});

/** 30 events: institutions 1 and 2 and the platform in turn, so each chain has 10. */
const fill = async (database: DatabaseHandle): Promise<void> => {
  for (let n = 1; n <= 30; n += 1) await recordAudit(database.db, event(n, [1, 2, null][n % 3] ?? null));
};

/** Chain 1's row at `position`: its event id. */
const eventAt = async (database: DatabaseHandle, chain: number, position: number): Promise<number> => {
  const [row] = rowsOf(await database.db.execute(sql`select event_id from audit_chain where chain = ${chain} and position = ${position}`));
  return Number(row?.event_id);
};

/** As a superuser would: with the append-only triggers off for the statements, and on again after. */
const behindTheAppsBack = (database: DatabaseHandle, statements: string): Promise<void> =>
  database.exec(`alter table audit_events disable trigger user; alter table audit_chain disable trigger user; alter table audit_checkpoints disable trigger user;
    ${statements};
    alter table audit_events enable trigger user; alter table audit_chain enable trigger user; alter table audit_checkpoints enable trigger user;`);

describe.each(TEST_DRIVERS)("the audit trail's hash chains (%s)", (driver) => {
  let database: DatabaseHandle | undefined;
  const sealed = async (): Promise<DatabaseHandle> => {
    database = await createTestDatabase(driver);
    await fill(database);
    expect(await sealAuditChain(database.db)).toBe(30);
    return database;
  };
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("links every event into its institution's chain (the platform's is 0) and verifies", async () => {
    const db = await sealed();
    const chains = rowsOf(await db.db.execute(sql`select chain, count(*)::int as rows, max(position)::int as last from audit_chain group by chain order by chain`));
    expect(chains).toEqual([
      { chain: 0, rows: 10, last: 10 },
      { chain: 1, rows: 10, last: 10 },
      { chain: 2, rows: 10, last: 10 },
    ]);
    // Each hash is SHA-256 over the previous one and the canonical content: recomputed here from the first row.
    const first = rowsOf(await db.db.execute(sql`select c.hash, ${canonicalContent("e")} as content from audit_chain c join audit_events e on e.id = c.event_id where c.chain = 1 and c.position = 1`))[0];
    expect(first?.hash).toBe(linkHash("0".repeat(64), String(first?.content)));
    expect(await sealAuditChain(db.db)).toBe(0);
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report).toMatchObject({ ok: true, rows: 30, chains: 3, problems: [] });
  }, TIMEOUT);

  it("refuses to change or remove the chain and its checkpoints, like the events", async () => {
    const db = await sealed();
    await writeCheckpoint(db.db, KEYS, new Date("2026-03-02T00:00:00Z"));
    for (const statement of ["update audit_chain set hash = 'x'", "delete from audit_chain", "truncate audit_chain", "update audit_checkpoints set position = 1", "delete from audit_checkpoints", "truncate audit_checkpoints"]) {
      await expect(db.exec(statement), statement).rejects.toThrow(/append-only/);
    }
  }, TIMEOUT);

  it("names an edited row", async () => {
    const db = await sealed();
    const target = await eventAt(db, 1, 5);
    await behindTheAppsBack(db, `update audit_events set outcome = 'denied' where id = ${target}`);
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.hashMismatch, chain: 1, position: 5, eventId: target })]);
  }, TIMEOUT);

  it("names a deleted row, and a deleted row taken out of the chain too", async () => {
    const db = await sealed();
    const gone = await eventAt(db, 1, 4);
    const goneWithItsLink = await eventAt(db, 2, 7);
    await behindTheAppsBack(db, `delete from audit_events where id in (${gone}, ${goneWithItsLink}); delete from audit_chain where event_id = ${goneWithItsLink}`);
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: AUDIT_PROBLEMS.missingEvent, chain: 1, position: 4, eventId: gone }),
      expect.objectContaining({ kind: AUDIT_PROBLEMS.missingPosition, chain: 2, position: 7 }),
    ]);
  }, TIMEOUT);

  it("names the first of two reordered rows", async () => {
    const db = await sealed();
    const [a, b] = [await eventAt(db, 1, 3), await eventAt(db, 1, 4)];
    await behindTheAppsBack(
      db,
      `update audit_chain set event_id = -1 where event_id = ${a}; update audit_chain set event_id = ${a} where event_id = ${b}; update audit_chain set event_id = ${b} where event_id = -1`,
    );
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.hashMismatch, chain: 1, position: 3, eventId: b })]);
  }, TIMEOUT);

  it("names an inserted row, even one spliced in with a hash of its own", async () => {
    const db = await sealed();
    const [before, after] = [await eventAt(db, 1, 5), await eventAt(db, 1, 6)];
    const [head] = rowsOf(await db.db.execute(sql`select hash from audit_chain where chain = 1 and position = 5`));
    await behindTheAppsBack(
      db,
      `insert into audit_events (occurred_at, user_id, role, institution_id, action, resource, outcome) values ('2026-03-01T12:00:16Z', 7, 'staff', 1, 'read', 'patient', 'success');
       update audit_chain set position = -position - 1 where chain = 1 and position > 5; update audit_chain set position = -position where chain = 1 and position < 0`,
    );
    const [forged] = rowsOf(await db.db.execute(sql`select e.id, ${canonicalContent("e")} as content from audit_events e order by e.id desc limit 1`));
    const insertedId = Number(forged?.id);
    await behindTheAppsBack(db, `insert into audit_chain (chain, position, event_id, hash) values (1, 6, ${insertedId}, '${linkHash(String(head?.hash), String(forged?.content))}')`);
    const report = await verifyAuditTrail(db.db, KEYS);
    // The forged row links to the one before it; the row after it does not link to it.
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.hashMismatch, chain: 1, position: 7, eventId: after, previousEventId: insertedId })]);
    expect(before).not.toBe(insertedId);
  }, TIMEOUT);

  it("names an event inserted with an old id that no chain holds", async () => {
    const db = await sealed();
    await behindTheAppsBack(
      db,
      `insert into audit_events (id, occurred_at, user_id, institution_id, action, resource, outcome) overriding system value values (0, '2026-03-01T12:00:00Z', 7, 1, 'read', 'patient', 'success')`,
    );
    const report = await verifyAuditTrail(db.db, KEYS, { lateWindow: 5 });
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.unsealedEvent, chain: 1, eventId: 0 })]);
  }, TIMEOUT);

  it("catches a cut-off tail by its checkpoint, and a checkpoint signed by another key", async () => {
    const db = await sealed();
    expect(await writeCheckpoint(db.db, KEYS, new Date("2026-03-02T00:00:00Z"), { onlyIfDue: true })).toBe(3);
    expect(await writeCheckpoint(db.db, KEYS, new Date("2026-03-02T08:00:00Z"), { onlyIfDue: true })).toBe(0);
    expect((await verifyAuditTrail(db.db, KEYS)).ok).toBe(true);
    const tail = [await eventAt(db, 2, 9), await eventAt(db, 2, 10)];
    await behindTheAppsBack(db, `delete from audit_events where id in (${tail.join(",")}); delete from audit_chain where event_id in (${tail.join(",")})`);
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.checkpointCutOff, chain: 2, position: 10 })]);
    expect((await verifyAuditTrail(db.db, OTHER_KEYS)).problems.filter((problem) => problem.kind === AUDIT_PROBLEMS.checkpointSignature)).toHaveLength(3);
  }, TIMEOUT);

  it("catches a tail rewritten with fresh hashes by the checkpoint that named the old one", async () => {
    const db = await sealed();
    await writeCheckpoint(db.db, KEYS, new Date("2026-03-02T00:00:00Z"));
    const last = await eventAt(db, 0, 10);
    const [previous] = rowsOf(await db.db.execute(sql`select hash from audit_chain where chain = 0 and position = 9`));
    await behindTheAppsBack(db, `update audit_events set action = 'list' where id = ${last}`);
    const [edited] = rowsOf(await db.db.execute(sql`select ${canonicalContent("e")} as content from audit_events e where e.id = ${last}`));
    await behindTheAppsBack(db, `update audit_chain set hash = '${linkHash(String(previous?.hash), String(edited?.content))}' where event_id = ${last}`);
    const report = await verifyAuditTrail(db.db, KEYS);
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.checkpointMismatch, chain: 0, position: 10 })]);
  }, TIMEOUT);

  it("seals events written by concurrent transactions, each once, and they verify", async () => {
    database = await createTestDatabase(driver);
    const db = database.db;
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 8 === 0 ? sealAuditChain(db) : db.transaction(async (tx) => recordAudit(tx, event(n, n % 2 === 0 ? 1 : 2))),
      ),
    );
    await sealAuditChain(db);
    const [count] = rowsOf(await db.execute(sql`select (select count(*)::int from audit_events) as events, (select count(*)::int from audit_chain) as links`));
    expect(count).toEqual({ events: 35, links: 35 });
    expect((await verifyAuditTrail(db, KEYS)).ok).toBe(true);
  }, TIMEOUT);
});
