import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { floorReads } from "./floor-reads.ts";

// Profiling aid (not a bench): one read through the portal N times, for `node --cpu-prof`.
// READ: dashboard | dashboard-admin | patients | overview | detail | detail500 ; CALLS (2000).
const CALLS = Number(process.env.CALLS ?? 2000);
const { t, reads: floor } = await floorReads();
const reads: Record<string, { url: string; headers: Record<string, string> }> = Object.fromEntries(floor.map((read) => [read.key, read]));
const names = (process.env.READ ?? "dashboard").split(",");
const session = new Session();
session.connect();
for (let call = 0; call < 50; call += 1) for (const name of names) await t.app.inject({ url: reads[name]?.url ?? "", headers: reads[name]?.headers ?? {} });
await session.post("Profiler.enable");
await session.post("Profiler.start");
const cpu = process.cpuUsage();
const started = performance.now();
for (let call = 0; call < CALLS; call += 1) {
  for (const name of names) {
    const read = reads[name];
    if (read === undefined) throw new Error(`unknown read ${name}`);
    const response = await t.app.inject({ url: read.url, headers: read.headers });
    if (response.statusCode !== 200) throw new Error(`${read.url}: ${response.statusCode} ${response.body}`);
  }
}
const { profile } = await session.post("Profiler.stop");
writeFileSync(process.env.PROFILE ?? "/tmp/read.cpuprofile", JSON.stringify(profile));
const spent = process.cpuUsage(cpu);
console.log(`CPU ${((spent.user + spent.system) / 1000 / CALLS).toFixed(2)} ms a round`);
console.log(`${CALLS} x ${names.join(",")}: ${((performance.now() - started) / CALLS).toFixed(2)} ms a round`);
await t.close();
