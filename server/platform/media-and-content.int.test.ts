import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFilePath, demoAudioPath, demoImagePath } from "../../domain/exercises/content-endpoints.ts";
import { ALL_CONTENT } from "../content/exercise-content.ts";
import { type TestApp, createTestApp } from "../test-app.test-helper.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite");
});
afterAll(() => t.close());

describe("demo media", () => {
  it("serves a valid, deterministic WAV (8 kHz mono 16-bit, about a second)", async () => {
    const first = await t.app.inject({ url: "/api/media/audio/response-07.wav" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("audio/wav");
    const wav = first.rawPayload;
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(16_000);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const again = await t.app.inject({ url: "/api/media/audio/response-07.wav" });
    expect(again.rawPayload.equals(wav)).toBe(true);
    const other = await t.app.inject({ url: "/api/media/audio/response-08.wav" });
    expect(other.rawPayload.equals(wav)).toBe(false);
  });

  it("serves the exercise pictures as SVG", async () => {
    for (const name of ["object-apple", "prescription-1", "pill-bottle-8"]) {
      const response = await t.app.inject({ url: `/api/media/image/${name}.svg` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("image/svg+xml");
      expect(response.body).toMatch(/^<svg [^>]*role="img"/);
    }
  });

  it.each(["/api/media/audio/response-99.wav", "/api/media/audio/..%2Fsecret.wav", "/api/media/audio/response-01.mp3", "/api/media/image/nothing.svg"])(
    "answers %s with 404 ERROR_030",
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "ERROR_030" });
    },
  );
});

describe("the addresses the client builds", () => {
  // The client fetches these by URL, not through an endpoint, so nothing else would notice a
  // route and its address function drifting apart.
  it("are the ones the server answers", async () => {
    for (const url of [contentFilePath("naming", "easy"), demoAudioPath("response-07"), demoImagePath("object-apple")]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    expect(contentFilePath("pill_sorting", "hard")).toBe("/api/content/pill_sorting/hard.json");
  });
});

describe("exercise content files", () => {
  it.each(ALL_CONTENT.map(({ game, difficulty }) => [game, difficulty]))("%s at %s has its configuration and items", async (game, difficulty) => {
    const response = await t.app.inject({ url: `/api/content/${game}/${difficulty}.json` });
    expect(response.statusCode).toBe(200);
    const file = response.json<{ game_type: string; difficulty: string; configuration: Record<string, unknown>; items: unknown[] }>();
    expect(file.game_type).toBe(game);
    expect(file.difficulty).toBe(difficulty);
    expect(file.configuration).toEqual({
      max_challenges: expect.any(Number),
      max_amount_trials: expect.any(Number),
      max_repetitions_per_day: expect.any(Number),
      min_repetitions_per_day: expect.any(Number),
      unlimited: expect.any(Boolean),
    });
    expect(file.configuration.min_repetitions_per_day as number).toBeLessThanOrEqual(file.configuration.max_repetitions_per_day as number);
    expect(file.items.length).toBeGreaterThanOrEqual(file.configuration.max_challenges as number);
  });

  it.each(["/api/content/pill_sorting/hard.json", "/api/content/chitchat_ai/medium.json", "/api/content/chess/easy.json", "/api/content/naming/extreme.json"])(
    "answers %s with 404",
    async (url) => {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    },
  );
});
