import { readFileSync, unlinkSync } from "node:fs";
import { open, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import * as Schema from "effect/Schema";

/** The lock's file name inside the data folder (PostgreSQL ignores files it does not know). */
export const LOCK_FILE_NAME = "portal-server.lock";

const LockOwner = Schema.Struct({
  pid: Schema.Number,
  startedAt: Schema.String,
  /** The embedded database's child process, once started: it may outlive a killed server briefly. */
  databasePid: Schema.optional(Schema.Number),
});
type LockOwner = typeof LockOwner.Type;

const decodeOwner = Schema.decodeUnknownOption(Schema.fromJsonString(LockOwner));

/** Another live process holds the data folder; the message names the folder and that process. */
export class DataFolderInUse extends Error {
  readonly dataDir: string;
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data folder ${dataDir} is in use by another portal server (pid ${owner.pid}, started ${owner.startedAt}` +
        `${owner.databasePid === undefined ? "" : `, embedded database pid ${owner.databasePid}`}). ` +
        `Stop that server first, or give this one another DATA_DIR. If you are sure no such process runs, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = "DataFolderInUse";
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** A lock whose processes are all gone (a `kill -9`, a power cut) no longer protects anything. */
const isStale = (owner: LockOwner): boolean => !isAlive(owner.pid) && (owner.databasePid === undefined || !isAlive(owner.databasePid));

export type DataFolderLock = {
  /** Records the embedded database's pid, so a restart waits for it too. */
  readonly recordDatabasePid: (pid: number) => Promise<void>;
  /** Idempotent; removes the file only while it is still ours. */
  readonly release: () => Promise<void>;
};

const MAX_ATTEMPTS = 3;

export type AcquireOptions = {
  readonly now?: Date;
  /**
   * How long to wait for the database process of a server that is already gone (`kill -9`,
   * tsx watch's forced restart): it stops by itself once its parent's IPC channel closes.
   */
  readonly orphanWaitMs?: number;
};

const ORPHAN_WAIT_MS = 20_000;

/** Waits while only the database process of a dead server holds the lock; true once it is gone. */
const orphanGone = async (owner: LockOwner, waitMs: number): Promise<boolean> => {
  if (isAlive(owner.pid) || owner.databasePid === undefined) return !isAlive(owner.pid);
  const deadline = Date.now() + waitMs;
  while (isAlive(owner.databasePid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
};

/**
 * One server process per data folder: creates the lock file exclusively (O_EXCL), recording
 * this pid and start time. A lock held by a live server refuses with DataFolderInUse; a lock
 * whose processes are all dead is taken over, after waiting a little for the database process
 * of a server that died. The file is also removed when this process exits.
 */
export const acquireDataFolderLock = async (dataDir: string, options: AcquireOptions = {}): Promise<DataFolderLock> => {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  let owner: LockOwner = { pid: process.pid, startedAt: (options.now ?? new Date()).toISOString() };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const handle = await open(file, "wx", 0o600);
      try {
        await handle.writeFile(JSON.stringify(owner));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= MAX_ATTEMPTS) throw error;
    }
    const text = await readFile(file, "utf8").catch(() => "");
    const existing = decodeOwner(text);
    // An unreadable or empty file is a start that died while writing it: stale too.
    if (existing._tag === "Some" && !isStale(existing.value) && !(await orphanGone(existing.value, options.orphanWaitMs ?? ORPHAN_WAIT_MS))) {
      throw new DataFolderInUse(dataDir, existing.value);
    }
    // Only remove what we judged stale: a racing start may have replaced it meanwhile.
    if ((await readFile(file, "utf8").catch(() => undefined)) === text) await unlink(file).catch(() => undefined);
  }

  const ours = (): boolean => {
    try {
      const current = decodeOwner(readFileSync(file, "utf8"));
      return current._tag === "Some" && current.value.pid === process.pid;
    } catch {
      return false;
    }
  };
  let released = false;
  const releaseSync = (): void => {
    if (released) return;
    released = true;
    // A database process still running (a failed start exiting at once) keeps the folder: the
    // file stays, and the next start waits for that process as for a killed server's.
    if (owner.databasePid !== undefined && isAlive(owner.databasePid)) return;
    if (ours()) unlinkSync(file);
  };
  // process.exit() (a failed start, a crashed database) skips finally blocks but not this.
  process.once("exit", releaseSync);
  return {
    recordDatabasePid: async (databasePid) => {
      owner = { ...owner, databasePid };
      if (ours()) await writeFile(file, JSON.stringify(owner), { mode: 0o600 });
    },
    release: async () => {
      process.removeListener("exit", releaseSync);
      releaseSync();
    },
  };
};
