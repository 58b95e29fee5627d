// `npm run bench:audit [-- --rows=N] [--writes=N] [--driver=pglite|postgres]`: the audit trail's hash
// chains (issue 38, docs/audit.md "Measured"). Seeds N audit rows (default 1,000,000) over 20
// institutions and the platform into a fresh test database (PGlite, or a copy of the migrated
// template on DATABASE_URL's PostgreSQL with --driver=postgres), then measures:
// - the audit insert a request pays, before (the columns of migration 0001) and after (role, patient,
//   user agent, changes, the role read from the user's row when the writer has none): p50/p95 of
//   --writes sequential inserts each (default 2,000);
// - sealing: every seeded row linked into its chain, rows/s (the sealer's cost, paid off the request);
// - audit:verify over every row (and one checkpoint), rows/s.
// Not part of `npm test`: it takes minutes. Timings depend on the machine's load: the table says it.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { DEFAULT_AUDIT_CHECKPOINT_KEY } from "../../server/config-defaults.ts";
import { checkpointKeysOf, writeCheckpoint } from "../../server/audit/audit-checkpoint.ts";
import { sealAuditChain } from "../../server/audit/audit-seal.ts";
import { verifyAuditTrail } from "../../server/audit/audit-verify.ts";
import { type AuditEvent, recordAudit } from "../../server/audit/record-audit.ts";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { auditEvents } from "../../server/db/schema/audit.ts";
import { createTestDatabase } from "../../server/db/test-database.ts";
import { percentile } from "./load/health-sampler.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(argument("rows") ?? 1_000_000);
const WRITES = Number(argument("writes") ?? 2_000);
const DRIVER: DatabaseDriver = argument("driver") === "postgres" ? "postgres" : "pglite";
const SEED_BATCH = 100_000;

const event = (n: number): AuditEvent => ({
  occurredAt: new Date(Date.UTC(2026, 2, 1, 12, 0, 0, n)),
  userId: 4,
  role: "staff",
  institutionId: 1 + (n % 20),
  patientId: 1 + (n % 1000),
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  action: "read",
  resource: "patient",
  resourceId: String(1 + (n % 1000)),
  outcome: "success",
  requestId: `bench-${n}`,
  reason: null,
});

const timed = async (runs: number, run: (n: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> => {
  const samples: number[] = [];
  for (let n = 0; n < runs; n += 1) {
    const started = performance.now();
    await run(n);
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
};

const database = await createTestDatabase(DRIVER);
const db = database.db;
const lines: string[] = [`audit chain bench on ${DRIVER}: ${ROWS} rows, ${WRITES} writes each way; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`];
try {
  // recordAudit as it was before issue 38 (migration 0001's columns), prepared the same way.
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const oldStatement = db
    .insert(auditEvents)
    .values({
      occurredAt: sql`${sql.placeholder("occurredAt")}::timestamptz`,
      userId: value("userId"),
      institutionId: value("institutionId"),
      ip: value("ip"),
      action: value("action"),
      resource: value("resource"),
      resourceId: value("resourceId"),
      outcome: value("outcome"),
      requestId: value("requestId"),
      reason: value("reason"),
    })
    .prepare("audit_event_insert_before");
  const oldInsert = (n: number) => oldStatement.execute({ ...event(n), occurredAt: event(n).occurredAt.toISOString(), reason: null });
  await timed(200, oldInsert);
  await timed(200, (n) => recordAudit(db, event(n)));
  const old = await timed(WRITES, oldInsert);
  const now = await timed(WRITES, (n) => recordAudit(db, event(n)));
  const lookup = await timed(WRITES, (n) => recordAudit(db, { ...event(n), role: null }));
  lines.push(`audit insert, columns of 0001 (before):            p50 ${old.p50.toFixed(3)} ms, p95 ${old.p95.toFixed(3)} ms`);
  lines.push(`audit insert, recordAudit with every field (after): p50 ${now.p50.toFixed(3)} ms, p95 ${now.p95.toFixed(3)} ms`);
  lines.push(`  the same, the role read from the user's row:      p50 ${lookup.p50.toFixed(3)} ms, p95 ${lookup.p95.toFixed(3)} ms`);

  const seeding = performance.now();
  for (let from = 0; from < ROWS; from += SEED_BATCH) {
    const to = Math.min(ROWS, from + SEED_BATCH);
    await db.execute(sql`insert into audit_events (occurred_at, user_id, role, institution_id, patient_id, ip, user_agent, action, resource, resource_id, outcome, request_id, changes)
      select timestamptz '2026-01-01T00:00:00Z' + g * interval '37 milliseconds', 1000 + g % 500, 'staff', nullif(g % 21, 0), 1 + g % 100000,
        '203.0.113.' || (g % 250), 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', case when g % 10 = 0 then 'update' else 'read' end, 'patient',
        (1 + g % 100000)::text, 'success', 'req-' || g,
        case when g % 10 = 0 then jsonb_build_object('lastName', jsonb_build_object('from', 'A' || g, 'to', 'B' || g)) end
      from generate_series(${from + 1}::int, ${to}::int) g`);
  }
  lines.push(`seeded ${ROWS} rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const sealing = performance.now();
  const sealed = await sealAuditChain(db);
  const sealSeconds = (performance.now() - sealing) / 1000;
  lines.push(`sealed ${sealed} rows in ${sealSeconds.toFixed(1)} s: ${Math.round(sealed / sealSeconds)} rows/s (off the request path)`);

  const keys = checkpointKeysOf(Buffer.from(DEFAULT_AUDIT_CHECKPOINT_KEY, "base64"));
  const checkpointing = performance.now();
  const chains = await writeCheckpoint(db, keys, new Date("2026-03-02T00:00:00Z"));
  lines.push(`checkpoint of ${chains} chains in ${((performance.now() - checkpointing) / 1000).toFixed(2)} s`);

  const cpu = process.cpuUsage();
  const report = await verifyAuditTrail(db, keys);
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  lines.push(`audit:verify: ${report.rows} rows, ${report.chains} chains, ${report.problems.length} problems in ${report.seconds.toFixed(1)} s: ${Math.round(report.rows / report.seconds)} rows/s`);
  // On a shared machine the wall clock counts other work too: the verifier's own processor time.
  lines.push(`  the verifier's process: ${cpuSeconds.toFixed(1)} CPU s (${Math.round(report.rows / cpuSeconds)} rows per CPU second; the database's share not counted)`);
} finally {
  await database.close();
}
process.stdout.write(`${lines.join("\n")}\n`);
