import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { uploadGameSessionEndpoint } from "../../../domain/mobile/mobile-endpoints.ts";

/**
 * Replays a folder of session files through POST mobile/game-sessions/ (docs/mobile-api.md,
 * "Replaying sessions"): `npm run replay-sessions -- DIR` for demos and load tests, and the tests,
 * which pass a transport of their own (app.inject) instead of the network. Each file is one
 * upload body, sent as its bytes; answers are counted as created (201), repeated (200) or failed
 * (anything else, with the catalogue code and message the server gave).
 */

/** One session file: its name and text. */
export type SessionFile = { readonly name: string; readonly text: string };

/** What the server answered (status 0: no answer, the reason in body). */
export type ReplayAnswer = { readonly status: number; readonly body: string };

/** Sends one body; never throws (a network error is an answer with status 0). */
export type ReplaySend = (body: string) => Promise<ReplayAnswer>;

export type ReplayFailure = { readonly file: string; readonly status: number; readonly reason: string };

export type ReplayReport = { readonly created: number; readonly repeated: number; readonly failed: readonly ReplayFailure[] };

/** Every *.json file of the folder, by name. */
export const readSessionFiles = async (folder: string): Promise<SessionFile[]> => {
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(path.join(folder, name), "utf8") })));
};

/** Why an answer failed, from the catalogue body when there is one. */
const reasonOf = (answer: ReplayAnswer): string => {
  try {
    const failure = JSON.parse(answer.body) as { code?: unknown; message?: unknown; detail?: { field?: unknown } | null };
    const field = typeof failure.detail?.field === "string" ? ` (${failure.detail.field})` : "";
    if (typeof failure.code === "string") return `${failure.code} ${String(failure.message ?? "")}${field}`;
  } catch {
    // Not JSON: the body itself says what happened.
  }
  return answer.body.slice(0, 200);
};

/** Sends every file, at most `concurrency` at a time, and counts the answers. */
export const replaySessions = async (files: readonly SessionFile[], send: ReplaySend, concurrency = 4): Promise<ReplayReport> => {
  let created = 0;
  let repeated = 0;
  const failed: ReplayFailure[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < files.length; index = next++) {
      const file = files[index];
      if (file === undefined) continue;
      const answer = await send(file.text);
      if (answer.status === 201) created += 1;
      else if (answer.status === 200) repeated += 1;
      else failed.push({ file: file.name, status: answer.status, reason: reasonOf(answer) });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
  return { created, repeated, failed: failed.sort((a, b) => a.file.localeCompare(b.file)) };
};

/** A transport over HTTP: the portal at `base`, the API key and the device token. */
export const httpSend =
  (options: { readonly base: string; readonly apiKey: string; readonly token: string }): ReplaySend =>
  async (body) => {
    try {
      const response = await fetch(new URL(uploadGameSessionEndpoint.path, options.base), {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": options.apiKey, authorization: `Device ${options.token}` },
        body,
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
  };
