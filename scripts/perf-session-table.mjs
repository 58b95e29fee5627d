// `npm run perf`, part (d): how long a 500-attempt session takes to become its attempt table, on a
// 4x slower CPU. The client marks the moment a session's decoded data reaches the page and
// measures to the table's commit (ui/features/session-review/render-timing.ts): mapping all 500
// rows and rendering the first page of ten challenges (50 rows), without the network. The session itself is generated here and served in
// place of GET game-session/{id}/detailed/ (the demo data has no session that long; the server's
// own time for one is tests/bench/session-detail.bench.ts), under a real patient's naming level.
import { chromium } from "@playwright/test";

export const SESSION_TABLE_GOAL_MS = 100;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "Demo-Portal-2026!";
const MEASURE = "session-detail:attempt-table";
const SESSION_ID = 900_000;
const CHALLENGES = 100;
const TRIALS = 5;
const PAGE_MS = 60_000;

/**
 * A naming session of CHALLENGES x TRIALS attempts in the wire shape of docs/attempt-mapping.md; with
 * `real` (a real naming session's answer), every field it does not set comes from that answer.
 */
export function longNamingSession(levelId, patientId, real = undefined) {
  const realChallenge = real?.challenges_in_session?.[0] ?? {};
  const realAttempt = realChallenge.attempts?.[0] ?? {};
  const objects = ["apple", "umbrella", "bicycle", "kettle", "guitar", "scissors", "pillow", "ladder"];
  const challenges = Array.from({ length: CHALLENGES }, (_, c) => ({
    ...realChallenge,
    id: 100_000 + c,
    order: c + 1,
    content: { object_name: objects[c % objects.length], image_url: null },
    attempts: Array.from({ length: TRIALS }, (_, t) => {
      const correct = t === TRIALS - 1 || (c + t) % 3 === 0;
      return {
        ...realAttempt,
        id: 500_000 + c * TRIALS + t,
        attempt_number: t + 1,
        is_editable: c % 10 !== 0,
        score: correct ? 1 : 0,
        score_details: { is_correct: correct, transcription: correct ? objects[c % objects.length] : "um", ai_feedback: null },
        hints_used: t,
        time_seconds: 3 + (t % 4),
        response_audio_url: `/api/media/audio/response-${String((c % 40) + 1).padStart(2, "0")}.wav`,
        attempt_data: {},
        notes: [],
        created_at: new Date(Date.UTC(2026, 10, 20, 10, 0, c * TRIALS + t)).toISOString(),
        correction: null,
      };
    }),
  }));
  return {
    ...real,
    id: SESSION_ID,
    patient_id: patientId,
    patient_game_level_id: levelId,
    review: null,
    game_info: { id: 1, name: "Naming", type: "naming" },
    start_time: "2026-11-20T10:00:00Z",
    difficulty: "easy",
    is_active: false,
    total_score: 300,
    total_score_percentage_change: 4.2,
    accuracy_percentage: 60,
    accuracy_percentage_change: -1.5,
    total_session_duration: 2600,
    total_session_duration_percentage_change: 3,
    avg_duration_per_content: 26,
    avg_duration_per_content_percentage_change: null,
    game_metrics: {},
    challenges_in_session: challenges,
  };
}

/** The Bearer token and API key the signed-in page sends, to ask the API which levels exist. */
function captureHeaders(page) {
  let headers = {};
  page.on("request", (request) => {
    const sent = request.headers();
    if (sent.authorization?.startsWith("Bearer ") && sent["x-api-key"] !== undefined) headers = { authorization: sent.authorization, "x-api-key": sent["x-api-key"] };
  });
  return () => headers;
}

async function findNamingLevel(page, base, headers) {
  // The dashboard's own calls carry the token; wait for the first.
  for (const deadline = Date.now() + 30_000; headers().authorization === undefined; ) {
    if (Date.now() > deadline) throw new Error("the signed-in page made no API call");
    await new Promise((done) => setTimeout(done, 200));
  }
  const get = async (path) => {
    const response = await page.request.get(`${base}${path}`, { headers: headers() });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  };
  const patients = await get("/api/patients/?page_size=100&page=1");
  for (const patient of patients.results) {
    const levels = await get(`/api/patients/${patient.id}/game-levels/`);
    const naming = levels.find((level) => level.game.type === "naming");
    if (naming === undefined) continue;
    const sessions = await get(`/api/game-sessions-list/?game_level_id=${naming.id}&page=1&page_size=1`);
    const session = sessions.results?.[0];
    if (session === undefined) continue;
    // A real answer of the same game: the long session takes every field it does not set from it,
    // so a field the wire gains later does not leave this one behind its schema.
    return { patientId: patient.id, levelId: naming.id, real: await get(`/api/game-session/${session.id}/detailed/`) };
  }
  throw new Error("no demo patient has a played naming level");
}

/** Median-ready samples (ms) of the 500-attempt table's render, one per fresh page load. */
export async function measureSessionTable({ base, chromePath, chromeFlags, signIn, cpuSlowdown, runs }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((flag) => flag !== "--headless") });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const headers = captureHeaders(page);
    // As the SLP, who sees every row's Correct and Add note buttons: the heaviest table there is.
    await signIn(page, base, { email: "slp@demo.test", password: DEMO_PASSWORD });
    const { patientId, levelId, real } = await findNamingLevel(page, base, headers);
    const payload = longNamingSession(levelId, patientId, real);
    await page.route(`**/api/game-session/${SESSION_ID}/detailed/`, (route) => route.fulfill({ json: payload }));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      await page.goto(`${base}/details-panel/patient/${patientId}/level/${levelId}/trend/${SESSION_ID}`, { timeout: PAGE_MS });
      await page.waitForFunction((name) => performance.getEntriesByName(name, "measure").length > 0, MEASURE, { timeout: PAGE_MS });
      // The page shows ten challenges at a time (domain/session-review/challenge-pages.ts).
      const rows = await page.locator("tbody tr:has(td)").count();
      if (rows !== 10 * TRIALS) throw new Error(`the table shows ${rows} rows, expected ${10 * TRIALS}`);
      samples.push(await page.evaluate((name) => performance.getEntriesByName(name, "measure")[0].duration, MEASURE));
    }
    return samples;
  } finally {
    await browser.close();
  }
}
