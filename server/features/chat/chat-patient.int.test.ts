import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { chatPatient } from "./chat-patient.ts";
import { type ChatWorld, chatWorld } from "./chat-world.test-helper.ts";

const TIMEOUT = 120_000;

// `npm run chat-patient` (docs/chat-api.md, "Playing the patient") against a listening portal.
describe.each(TEST_DRIVERS)("playing the patient on %s", (driver) => {
  let w: ChatWorld;
  let base: string;
  beforeAll(async () => {
    w = await chatWorld(driver, `chatpatient-${driver}`);
    base = await w.t.app.listen({ port: 0, host: "127.0.0.1" });
  }, TIMEOUT);
  afterAll(() => w?.t.close());

  const run = async (args: readonly string[], signal?: AbortSignal) => {
    const out: string[] = [];
    const err: string[] = [];
    const status = chatPatient(["--base", base, ...args], { out: (line) => out.push(line), err: (line) => err.push(line), ...(signal === undefined ? {} : { signal }), env: {} });
    return { status, out, err };
  };
  const history = async () => (await w.t.app.inject({ method: "GET", url: `/api/slp-chat/threads/${w.threadId}/messages/`, headers: w.headers.slp })).json() as {
    messages: Array<{ seq: number; body: string; author: { kind: string } }>;
    cursors: Array<{ participant: { kind: string }; last_read_seq: number }>;
  };

  it("says a message as the patient, and marks the newest read", { timeout: TIMEOUT }, async () => {
    const said = await run(["--token", w.device.token, "say", "Hello from home"]);
    // With what it said on failure, so a refusal or a usage error names itself.
    expect({ status: await said.status, err: said.err }).toEqual({ status: 0, err: [] });
    expect(said.out).toEqual([expect.stringMatching(/^\d+ .+: Hello from home$/)]);
    expect((await history()).messages.at(-1)).toMatchObject({ body: "Hello from home", author: { kind: "patient" } });

    expect((await w.send("slp", w.threadId, "Hello back")).statusCode).toBe(201);
    const newest = (await history()).messages.at(-1)?.seq;
    const tokenFile = path.join(await mkdtemp(path.join(tmpdir(), "chat-patient-")), "token");
    await writeFile(tokenFile, `${w.device.token}\n`);
    const read = await run(["--token-file", tokenFile, "read"]);
    expect(await read.status).toBe(0);
    expect(read.out).toEqual([`read up to ${newest}`]);
    expect((await history()).cursors.find((cursor) => cursor.participant.kind === "patient")?.last_read_seq).toBe(newest);
  });

  it("prints what the stream brings, and is refused with a wrong token", { timeout: TIMEOUT }, async () => {
    const controller = new AbortController();
    const listening = await run(["--token", w.device.token, "listen"], controller.signal);
    // The stream is open once a message sent now shows up.
    const deadline = Date.now() + 20_000;
    while (!listening.out.some((line) => line.endsWith(": Are you there?")) && Date.now() < deadline) {
      if (listening.out.length === 0) await w.send("slp", w.threadId, "Are you there?");
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    controller.abort();
    expect(await listening.status).toBe(0);
    expect(listening.out.some((line) => /^\d+ .+: Are you there\?$/.test(line))).toBe(true);

    const wrong = await run(["--token", "A".repeat(43), "say", "nope"]);
    expect(await wrong.status).toBe(1);
    expect(wrong.err.join("\n")).toContain("401");
    expect(wrong.err.join("\n")).not.toContain("A".repeat(43));
    expect(await (await run(["--token", w.device.token, "shout", "x"])).status).toBe(2);
  });
});

describe("the patient script's arguments", () => {
  it("takes a device token that starts with a dash (one in 64 do) after --token, as after --token=", async () => {
    for (const args of [["--token", "-Ab_c"], ["--token=-Ab_c"]]) {
      const err: string[] = [];
      // A base that is no URL stops it before any call: only the parsing of the token is tried.
      const status = await chatPatient(["--base", "not a url", ...args, "read"], { out: () => {}, err: (line) => err.push(line), env: {} });
      expect(status).toBe(2);
      expect(err.join("\n")).toContain("--base not a url is not a URL.");
    }
  });
});
