import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type { PatientGameLevelsResponse } from "../../../domain/exercises/games-wire.ts";
import type { SessionDetailJson } from "../../../domain/session-review/index.ts";
import { type MobileSessionUploadJson, uploadFromDetail } from "../../../domain/mobile/upload-from-detail.ts";
import { sampleHealth, type HealthSamples } from "./health-sampler.ts";
import { API_KEY, call, signIn } from "./server-process.ts";

// Issue 22's load: DEVICES patients' apps posting sessions of ATTEMPTS attempts (every fifth one
// twice, as an app that lost the first answer retries) while CLINICIANS connections read the
// dashboards (the SLP's dashboard, the administrator's dashboard and overview, in turn), with
// /api/health sampled on its own thread. The devices belong to the institution's patients (the
// demo's, or with --seed=large the large institution's), each paired through the API by its
// administrator; each device's session is a real demo session of its patient's game (its detail,
// as the app would have sent it), stretched or cut to ATTEMPTS attempts.

export const DEVICES = 50;
export const CLINICIANS = 50;
export const ATTEMPTS = 20;
const REQUEST_TIMEOUT_S = 10;

export type IngestResult = {
  readonly uploads: number;
  readonly created: number;
  readonly repeats: number;
  /** Repeats whose answer named another session than the first answer did: a duplicate. */
  readonly repeatMismatches: number;
  readonly uploadErrors: number;
  readonly uploadErrorSamples: readonly string[];
  readonly uploadP50: number;
  readonly uploadP99: number;
  readonly reads: number;
  readonly readsPerSecond: number;
  readonly readP99: number;
  readonly readErrors: number;
  readonly health: HealthSamples;
  /** The client session ids the server answered 201 for, to hold against what it stored. */
  readonly createdIds: ReadonlySet<string>;
};

type Device = { readonly token: string; readonly template: MobileSessionUploadJson };

const json = async <T>(base: string, path: string, headers: Record<string, string>): Promise<T> => (await (await call(base, path, { headers })).json()) as T;

/** The first ATTEMPTS attempts of the session, its challenges repeated in order if it has fewer. */
const withAttempts = (upload: MobileSessionUploadJson): MobileSessionUploadJson => {
  const challenges: Array<MobileSessionUploadJson["challenges_in_session"][number]> = [];
  let attempts = 0;
  const source = upload.challenges_in_session.filter((challenge) => challenge.attempts.length > 0);
  if (source.length === 0) throw new Error("a demo session without attempts");
  for (let index = 0; attempts < ATTEMPTS; index += 1) {
    const challenge = source[index % source.length];
    if (challenge === undefined) break;
    const taken = challenge.attempts.slice(0, ATTEMPTS - attempts);
    challenges.push({ ...challenge, order: challenges.length + 1, attempts: taken });
    attempts += taken.length;
  }
  return { ...upload, challenges_in_session: challenges };
};

/** Who signs in for the load: the institution whose patients' devices post, and whose dashboards are read. */
export type IngestAccounts = { readonly admin: string; readonly slp: string };
export const DEMO_INGEST_ACCOUNTS: IngestAccounts = { admin: "admin@demo.test", slp: "slp@demo.test" };

type GameLevel = PatientGameLevelsResponse[number];

/**
 * A demo session with attempts per game, as the app of that game would send it: the large seed
 * writes sessions without challenges (`--attempts` is off by default), so the uploads' content
 * comes from the demo institution, which the server seeds on every fresh database.
 */
const templatesByGame = async (base: string, demoAdmin: Record<string, string>): Promise<Map<number, SessionDetailJson>> => {
  const templates = new Map<number, SessionDetailJson>();
  const patients = await json<{ results: Array<{ id: number }> }>(base, "/api/patients/?page_size=100&status=active", demoAdmin);
  for (const patient of patients.results) {
    for (const level of await json<GameLevel[]>(base, `/api/patients/${patient.id}/game-levels/`, demoAdmin)) {
      if (templates.has(level.game.id)) continue;
      const sessions = await json<{ results: Array<{ id: number }> }>(base, `/api/game-sessions-list/?game_level_id=${level.id}`, demoAdmin);
      const session = sessions.results[0];
      if (session === undefined) continue;
      const detail = await json<SessionDetailJson>(base, `/api/game-session/${session.id}/detailed/`, demoAdmin);
      if (detail.challenges_in_session.some((challenge) => challenge.attempts.length > 0)) templates.set(level.game.id, detail);
    }
  }
  if (templates.size === 0) throw new Error("no demo session with attempts to copy");
  return templates;
};

/** Pairs DEVICES devices with the institution's active patients (a patient may get more than one), each posting a demo session of its own game. */
const pairDevices = async (base: string, admin: Record<string, string>, templates: ReadonlyMap<number, SessionDetailJson>): Promise<Device[]> => {
  const patients = await json<{ results: Array<{ id: number; status: string }> }>(base, "/api/patients/?page_size=100&status=active", admin);
  const uploads: Array<{ patientId: number; template: MobileSessionUploadJson }> = [];
  for (const patient of patients.results) {
    if (uploads.length >= DEVICES) break;
    const levels = await json<GameLevel[]>(base, `/api/patients/${patient.id}/game-levels/`, admin);
    const level = levels.find((one) => templates.has(one.game.id));
    const detail = level === undefined ? undefined : templates.get(level.game.id);
    if (level === undefined || detail === undefined) continue;
    const upload = uploadFromDetail(detail, { clientSessionId: randomUUID(), levelId: level.id, endTime: detail.start_time });
    uploads.push({ patientId: patient.id, template: withAttempts(upload) });
  }
  if (uploads.length === 0) throw new Error("no active patient with a game the demo has a session of");
  const devices: Device[] = [];
  for (let index = 0; index < DEVICES; index += 1) {
    const { patientId, template } = uploads[index % uploads.length] as (typeof uploads)[number];
    const issued = (await (
      await call(base, `/api/patients/${patientId}/devices/`, {
        method: "POST",
        headers: { ...admin, "content-type": "application/json" },
        body: JSON.stringify({ label: `Load device ${index + 1}` }),
      })
    ).json()) as { token: string };
    devices.push({ token: issued.token, template });
  }
  return devices;
};

/** The template as played just now, under a new id; its attempts keep their offsets from the start. */
const freshSession = (template: MobileSessionUploadJson): MobileSessionUploadJson => {
  const end = Date.now() - 1000;
  const templateStart = Date.parse(template.start_time);
  const templateEnd = Math.max(templateStart, ...template.challenges_in_session.flatMap((c) => c.attempts.map((a) => Date.parse(a.created_at))));
  const start = end - (templateEnd - templateStart) - 1000;
  const shift = start - templateStart;
  return {
    ...template,
    client_session_id: randomUUID(),
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
    challenges_in_session: template.challenges_in_session.map((challenge) => ({
      ...challenge,
      attempts: challenge.attempts.map((attempt) => ({ ...attempt, created_at: new Date(Date.parse(attempt.created_at) + shift).toISOString() })),
    })),
  };
};

export const runIngestLoad = async (base: string, durationSeconds: number, accounts: IngestAccounts = DEMO_INGEST_ACCOUNTS): Promise<IngestResult> => {
  const bearer = async (email: string) => ({ "x-api-key": API_KEY, authorization: `Bearer ${await signIn(base, email)}` });
  const admin = await bearer(accounts.admin);
  const slp = await bearer(accounts.slp);
  const templates = await templatesByGame(base, accounts.admin === DEMO_INGEST_ACCOUNTS.admin ? admin : await bearer(DEMO_INGEST_ACCOUNTS.admin));
  const devices = await pairDevices(base, admin, templates);

  const latencies: number[] = [];
  const errorSamples: string[] = [];
  const createdIds = new Set<string>();
  const firstAnswer = new Map<string, number>();
  let uploads = 0;
  let repeats = 0;
  let mismatches = 0;
  let errors = 0;
  const post = async (device: Device, body: MobileSessionUploadJson): Promise<void> => {
    const started = performance.now();
    uploads += 1;
    try {
      const response = await fetch(`${base}/api/mobile/game-sessions/`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, authorization: `Device ${device.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
      });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (response.status !== 201 && response.status !== 200) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(`${response.status} ${text.slice(0, 200)}`);
        return;
      }
      const answer = JSON.parse(text) as { id: number };
      const first = firstAnswer.get(body.client_session_id);
      if (response.status === 201) createdIds.add(body.client_session_id);
      if (first === undefined) firstAnswer.set(body.client_session_id, answer.id);
      else {
        repeats += 1;
        if (first !== answer.id || response.status !== 200) mismatches += 1;
      }
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(String(error));
    }
  };

  const stopHealth = sampleHealth(base, REQUEST_TIMEOUT_S * 1000);
  const deadline = Date.now() + durationSeconds * 1000;
  const posting = Promise.all(
    devices.map(async (device) => {
      for (let round = 1; Date.now() < deadline; round += 1) {
        const body = freshSession(device.template);
        await post(device, body);
        if (round % 5 === 0) await post(device, body);
      }
    }),
  );
  const reading = autocannon({
    url: base,
    connections: CLINICIANS,
    duration: durationSeconds,
    timeout: REQUEST_TIMEOUT_S,
    requests: [
      { method: "GET", path: "/api/patients/dashboard/", headers: slp },
      { method: "GET", path: "/api/patients/dashboard/", headers: admin },
      { method: "GET", path: "/api/dashboard/overview/", headers: admin },
    ],
  });
  const [, reads] = await Promise.all([posting, reading]);
  const health = await stopHealth();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return {
    uploads,
    created: createdIds.size,
    repeats,
    repeatMismatches: mismatches,
    uploadErrors: errors,
    uploadErrorSamples: errorSamples,
    uploadP50: at(50),
    uploadP99: at(99),
    reads: reads.requests.total,
    readsPerSecond: reads.requests.average,
    readP99: reads.latency.p99,
    readErrors: reads.errors + reads.timeouts + reads.non2xx,
    health,
    createdIds,
  };
};
