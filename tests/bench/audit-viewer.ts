// `npm run bench:audit-viewer [-- --rows=N] [--export-days=D] [--driver=postgres|pglite]`: the audit
// log viewer at scale (issue 38, docs/audit-viewer.md "Measured"). Seeds N audit rows (default
// 5,000,000) for one institution with generate_series SQL, one every 5 seconds from 2026-01-01, on
// a fresh test database (a copy of the migrated template on DATABASE_URL's PostgreSQL by default),
// then times through the app (HTTP inject, as the portal calls it):
// - the list: its first page, a page 20 cursors deep, one patient's rows, the IP order (p50/p95);
// - the two reports over a year;
// - the CSV export of the first D days (default 58: about 1,000,000 rows), streamed to the end,
//   every row sealed into its chain first (the export carries each row's link).
// Not part of `npm test`: seeding 5 M rows takes minutes. Timings depend on the machine's load: the line says it.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { sealAuditChain } from "../../server/audit/audit-seal.ts";
import { createAccount, signIn, withBearer } from "../../server/auth/auth.test-helper.ts";
import type { DatabaseDriver } from "../../server/db/database.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { createTestApp } from "../../server/test-app.test-helper.ts";
import { percentile } from "./load/health-sampler.ts";

const argument = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ROWS = Number(argument("rows") ?? 5_000_000);
const EXPORT_DAYS = Number(argument("export-days") ?? 58);
const DRIVER: DatabaseDriver = argument("driver") === "pglite" ? "pglite" : "postgres";
const RUNS = 20;

const t = await createTestApp(DRIVER);
const lines: string[] = [`audit viewer bench on ${DRIVER}: ${ROWS} rows; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`];
try {
  const admin = await createAccount(t, { email: "admin@bench-audit.test", role: "institution_admin" });
  const headers = withBearer((await signIn(t, admin)).access);
  // One real patient of the institution (a fresh database: a small id, among the seeded ones) for the patient filter and report.
  const [patient] = await t.database.db
    .insert(patients)
    .values({ institutionId: admin.institutionId ?? 0, firstName: "Bench", lastName: "Patient", email: "p@bench-audit.test", birthdate: "1950-01-01", gender: "female" })
    .returning({ id: patients.id });
  const patientId = patient?.id ?? 0;
  const seeding = performance.now();
  for (let start = 1; start <= ROWS; start += 500_000) {
    const end = Math.min(ROWS, start + 499_999);
    await t.database.db.execute(sql`
      insert into audit_events (occurred_at, user_id, role, institution_id, patient_id, ip, user_agent, action, resource, resource_id, outcome, request_id)
      select timestamptz '2026-01-01 00:00:00+00' + n * interval '5 seconds', 1000 + n % 40, 'staff', ${admin.institutionId}, 1 + n % 5000,
        '10.0.' || (n % 200) || '.' || (n % 250), 'Mozilla/5.0 (bench)', case when n % 7 = 0 then 'update' else 'read' end,
        case when n % 3 = 0 then 'patient' else 'game_session' end, (1 + n % 5000)::text, case when n % 97 = 0 then 'denied' else 'success' end, 'bench-' || n
      from generate_series(${start}::bigint, ${end}::bigint) as n`);
  }
  await t.database.db.execute(sql`analyze audit_events`);
  lines.push(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  // Linked into the chain as the server's sealer would have: the export reads each row's link.
  const sealing = performance.now();
  const sealed = await sealAuditChain(t.database.db);
  await t.database.db.execute(sql`analyze audit_chain`);
  lines.push(`sealed ${sealed} rows in ${((performance.now() - sealing) / 1000).toFixed(1)} s`);

  const get = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  };
  const timed = async (label: string, target: string) => {
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await get(target);
      samples.push(performance.now() - started);
    }
    lines.push(`${label}: p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms`);
  };
  // A cursor 20 pages deep, walked once.
  let deep = "/api/audit/events/?page_size=50";
  for (let page = 0; page < 20; page += 1) {
    const next = (JSON.parse((await get(deep)).body) as { next: string | null }).next;
    if (next === null) break;
    deep = `${deep.split("&after=")[0]}&after=${encodeURIComponent(next)}`;
  }
  await timed("list, first page", "/api/audit/events/?page_size=50");
  await timed("list, 20 pages deep", deep);
  await timed("list, one patient", `/api/audit/events/?page_size=50&patient=${patientId}`);
  await timed("list, IP order", "/api/audit/events/?page_size=50&sort=ip");
  await timed("who accessed one patient, a year", `/api/audit/reports/patient-access/?patient=${patientId}&from=2026-01-01&to=2026-12-31`);
  await timed("what one person did, a year", `/api/audit/reports/person-activity/?user=1001&from=2026-01-01&to=2026-12-31`);

  const to = new Date(Date.UTC(2026, 0, EXPORT_DAYS)).toISOString().slice(0, 10);
  const exporting = performance.now();
  const heap = process.memoryUsage().rss;
  const file = await get(`/api/audit/events.csv?from=2026-01-01&to=${to}`);
  const seconds = (performance.now() - exporting) / 1000;
  // inject holds the whole body; the server's own share is what the stream held besides it.
  lines.push(`  process memory grew ${((process.memoryUsage().rss - heap) / 1e6).toFixed(0)} MB during the export (the body inject keeps is most of it)`);
  const exported = file.body.split("\r\n").length - 2;
  lines.push(`CSV export 2026-01-01 to ${to}: ${exported} rows, ${(file.body.length / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (${Math.round(exported / seconds)} rows/s)`);
} finally {
  lines.push(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log(lines.join("\n"));
  await t.close();
}
