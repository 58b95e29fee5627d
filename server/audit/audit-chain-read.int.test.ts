import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_AUDIT_CHECKPOINT_KEY } from "../config-defaults.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";
import { TEST_DRIVERS, createTestDatabase } from "../db/test-database.ts";
import { canonicalContent } from "./audit-canonical.ts";
import { chainLinksBetween } from "./audit-chain-read.ts";
import { checkpointKeysOf } from "./audit-checkpoint.ts";
import { sealAuditChain } from "./audit-seal.ts";
import { AUDIT_PROBLEMS, verifyAuditTrail } from "./audit-verify.ts";

const KEYS = checkpointKeysOf(Buffer.from(DEFAULT_AUDIT_CHECKPOINT_KEY, "base64"));
const TIMEOUT = 120_000;

// Values whose JSON text is easy to get wrong: quotes, backslashes, every kind of control
// character, text beyond ASCII (accents, CJK, an emoji outside the BMP), DEL, empty text.
const AWKWARD = ['say "hi"', "back\\slash", "line\nbreak\ttab\rreturn", "\u0001\u0008\u000c\u001f\u007f", "é 漢字 😀", "", "</script>", "a'b"];

/** One event per awkward value in each text column, and rows of nulls; times with and without microseconds. */
const fillAwkward = async (database: DatabaseHandle): Promise<void> => {
  for (const [n, value] of AWKWARD.entries()) {
    await database.db.execute(sql`insert into audit_events (occurred_at, user_id, role, institution_id, patient_id, ip, user_agent, action, resource, resource_id, outcome, reason, request_id, changes)
      values (timestamptz '2026-03-01T12:00:00Z' + ${n} * interval '1.000001 seconds', ${n}, ${value}, 1, ${2_000_000_000 + n}, ${value}, ${value}, ${value}, ${value}, ${value}, 'success', ${value}, ${value},
        ${JSON.stringify({ [value]: { from: value, to: [n, 1.5, null, true, { nested: value }] }, z: { from: null, to: "" } })}::jsonb)`);
    await database.db.execute(sql`insert into audit_events (occurred_at, action, resource, outcome) values (timestamptz '1999-12-31T23:59:59.999999Z', 'read', 'patient', 'denied')`);
  }
};

describe.each(TEST_DRIVERS)("the verifier's reading of the chains (%s)", (driver) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("rebuilds each event's canonical content byte for byte as the database writes it", async () => {
    database = await createTestDatabase(driver);
    await fillAwkward(database);
    expect(await sealAuditChain(database.db)).toBe(AWKWARD.length * 2);
    const expected = rowsOf(await database.db.execute(sql`select e.id, ${canonicalContent("e")} as content from audit_events e order by e.id`)).map((row) => String(row.content));
    const links = await chainLinksBetween(database.db, 0, 1_000_000);
    expect(links.map((link) => link.content)).toEqual(expected);
    expect(await verifyAuditTrail(database.db, KEYS)).toMatchObject({ ok: true, rows: AWKWARD.length * 2 });
  }, TIMEOUT);

  it("walks windows of a few ids, read ahead, over a gap in the ids, and still names an edited row", async () => {
    database = await createTestDatabase(driver);
    await fillAwkward(database);
    // Ids a rolled-back transaction took leave a gap: windows that hold nothing.
    await database.db.execute(sql`select setval(pg_get_serial_sequence('audit_events', 'id'), (select max(id) from audit_events) + 50)`);
    await fillAwkward(database);
    await sealAuditChain(database.db);
    const small = { batch: 3, seal: false } as const;
    expect(await verifyAuditTrail(database.db, KEYS, small)).toMatchObject({ ok: true, rows: AWKWARD.length * 4 });
    const [target] = rowsOf(await database.db.execute(sql`select event_id, chain, position from audit_chain where chain = 1 order by position desc limit 1 offset 2`));
    await database.exec(`alter table audit_events disable trigger user; update audit_events set reason = 'edited' where id = ${Number(target?.event_id)}; alter table audit_events enable trigger user;`);
    const report = await verifyAuditTrail(database.db, KEYS, small);
    expect(report.problems).toEqual([expect.objectContaining({ kind: AUDIT_PROBLEMS.hashMismatch, chain: 1, position: Number(target?.position), eventId: Number(target?.event_id) })]);
  }, TIMEOUT);
});
