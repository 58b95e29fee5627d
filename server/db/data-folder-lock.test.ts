import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderInUse, LOCK_FILE_NAME, acquireDataFolderLock } from "./data-folder-lock.ts";

/** The pid of a process that has already exited: no live process owns it (for a while). */
const deadPid = (): number => {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(result.stdout);
};

describe("data folder lock", () => {
  let dataDir = "";
  let lockFile = "";
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "portal-lock-"));
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("records this process and its start time, and removes the file on release", async () => {
    const lock = await acquireDataFolderLock(dataDir, { now: new Date("2026-03-01T12:00:00.000Z") });
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toEqual({ pid: process.pid, startedAt: "2026-03-01T12:00:00.000Z" });
    const databasePid = deadPid();
    await lock.recordDatabasePid(databasePid);
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ pid: process.pid, databasePid });
    await lock.release();
    await expect(readFile(lockFile, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    await lock.release();
  });

  it("keeps the file while its database process still runs (a start failing at once), for the next start to wait on", async () => {
    const lock = await acquireDataFolderLock(dataDir);
    await lock.recordDatabasePid(process.pid);
    await lock.release();
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ pid: process.pid, databasePid: process.pid });
  });

  it("refuses while a live process holds the folder, naming the folder, the pid and its start", async () => {
    const lock = await acquireDataFolderLock(dataDir, { now: new Date("2026-03-01T12:00:00.000Z") });
    const refused = await acquireDataFolderLock(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderInUse);
    const message = (refused as Error).message;
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain("started 2026-03-01T12:00:00.000Z");
    // The refusal left the holder's file alone.
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it("takes over a lock whose process is gone (kill -9, power cut)", async () => {
    const gone = deadPid();
    await writeFile(lockFile, JSON.stringify({ pid: gone, startedAt: "2026-01-01T00:00:00.000Z", databasePid: deadPid() }));
    const lock = await acquireDataFolderLock(dataDir, { now: new Date("2026-03-01T12:00:00.000Z") });
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toEqual({ pid: process.pid, startedAt: "2026-03-01T12:00:00.000Z" });
    await lock.release();
  });

  it("waits for a killed server's database process: the lock holds while it runs, and is taken over once it stops", async () => {
    await writeFile(lockFile, JSON.stringify({ pid: deadPid(), startedAt: "2026-01-01T00:00:00.000Z", databasePid: process.pid }));
    await expect(acquireDataFolderLock(dataDir, { orphanWaitMs: 300 })).rejects.toBeInstanceOf(DataFolderInUse);

    const orphan = spawn(process.execPath, ["-e", "setTimeout(() => undefined, 60_000)"], { stdio: "ignore" });
    const exited = new Promise((resolve) => orphan.once("exit", resolve));
    await writeFile(lockFile, JSON.stringify({ pid: deadPid(), startedAt: "2026-01-01T00:00:00.000Z", databasePid: orphan.pid }));
    const acquiring = acquireDataFolderLock(dataDir, { orphanWaitMs: 60_000 });
    // Still waiting: the file is the orphan's until it stops.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ databasePid: orphan.pid });
    orphan.kill("SIGKILL");
    await exited;
    const lock = await acquiring;
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toEqual({ pid: process.pid, startedAt: expect.any(String) });
    await lock.release();
  }, 60_000);

  it("takes over an empty or unreadable lock file (a start that died while writing it)", async () => {
    await writeFile(lockFile, "");
    const lock = await acquireDataFolderLock(dataDir);
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    await lock.release();
  });
});
