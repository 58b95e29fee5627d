import { describe, expect, it, vi } from "vitest";
import { SESSION_BOOT_GLOBAL } from "../../../domain/shared/session/session-boot.ts";
import { currentUserWire } from "../fixtures.test-helper.ts";
import { EARLY_READS_MS, earlyAnswersOf, takeSessionBoot, type BootAnswer, type SessionBoot } from "./session-boot.ts";

// What the app makes of the boot script's calls: used once, for the session they were sent for,
// judged like the app's own answers.

const answer = (status: number, body: unknown): BootAnswer => ({ status, text: JSON.stringify(body) });
const bootOf = (tokens: Promise<BootAnswer>, user: Promise<BootAnswer | null> = Promise.resolve(answer(200, currentUserWire))): SessionBoot => ({
  refreshToken: "ref-1",
  userId: 12,
  tokens,
  user,
  reads: {},
});
const TOKENS = answer(200, { access: "acc-2", refresh: "ref-2" });

describe("taking the boot script's calls", () => {
  it("takes them once and leaves nothing behind for anyone else", () => {
    const scope: Record<string, unknown> = { [SESSION_BOOT_GLOBAL]: { refreshToken: "ref-1", userId: 12, tokens: Promise.resolve(TOKENS), user: Promise.resolve(null) } };
    expect(takeSessionBoot(scope)?.refreshToken).toBe("ref-1");
    expect(scope[SESSION_BOOT_GLOBAL]).toBeNull();
    expect(takeSessionBoot(scope)).toBeNull();
  });

  it("finds nothing in a page without them or with something else under the name (and still marks the app as started)", () => {
    for (const found of [undefined, null, "x", { refreshToken: "ref-1", userId: "12", tokens: Promise.resolve(TOKENS), user: Promise.resolve(null) }, { refreshToken: "ref-1", userId: 12, tokens: {}, user: {} }]) {
      const scope: Record<string, unknown> = { [SESSION_BOOT_GLOBAL]: found };
      expect(takeSessionBoot(scope)).toBeNull();
      expect(scope[SESSION_BOOT_GLOBAL]).toBeNull();
    }
  });
});

describe("the early answers", () => {
  it("give the refresh's tokens once, for its own refresh token only, and then the user record", async () => {
    const early = earlyAnswersOf(bootOf(Promise.resolve(TOKENS)));
    await expect(early.currentUser(12)).resolves.toBeNull(); // not before the refresh was used
    await expect(early.refresh("ref-other")).resolves.toBeNull();
    await expect(early.refresh("ref-1")).resolves.toEqual({ access: "acc-2", refresh: "ref-2" });
    await expect(early.refresh("ref-1")).resolves.toBeNull();
    await expect(early.currentUser(13)).resolves.toBeNull();
    await expect(early.currentUser(12)).resolves.toMatchObject({ id: 12, email: currentUserWire.email });
    await expect(early.currentUser(12)).resolves.toBeNull();
  });

  it("give a user read asked while the session restores the record once the app takes the refresh, and null if that refresh is refused", async () => {
    const early = earlyAnswersOf(bootOf(Promise.resolve(TOKENS)));
    // Asked first (the shell mounted before the session's refresh ran): it waits, then answers.
    const asked = early.currentUser(12, true);
    await expect(early.refresh("ref-1")).resolves.toEqual({ access: "acc-2", refresh: "ref-2" });
    await expect(asked).resolves.toMatchObject({ id: 12, email: currentUserWire.email });

    const refused = earlyAnswersOf(bootOf(Promise.resolve(answer(401, { code: "ERROR_001", message: "Token is invalid or expired", detail: null }))));
    const waiting = refused.currentUser(12, true);
    await expect(refused.refresh("ref-1")).rejects.toMatchObject({ status: 401 });
    await expect(waiting).resolves.toBeNull();
  });

  it("turn a refused refresh into the catalogue's failure, and ask for no user", async () => {
    const early = earlyAnswersOf(bootOf(Promise.resolve(answer(401, { code: "ERROR_001", message: "Token is invalid or expired", detail: null }))));
    await expect(early.refresh("ref-1")).rejects.toMatchObject({ status: 401, code: "ERROR_001" });
    await expect(early.currentUser(12)).resolves.toBeNull();
  });

  it("leave the refresh to the app when the script's never got an answer, and refuse a malformed one", async () => {
    await expect(earlyAnswersOf(bootOf(Promise.reject(new TypeError("Failed to fetch")))).refresh("ref-1")).resolves.toBeNull();
    await expect(earlyAnswersOf(bootOf(Promise.resolve(answer(200, { access: 5 })))).refresh("ref-1")).rejects.toMatchObject({ code: "ERROR_001", status: 200 });
  });

  it("let the app read the user itself when the script's read failed or was refused", async () => {
    for (const user of [Promise.reject(new TypeError("Failed to fetch")), Promise.resolve(answer(401, {})), Promise.resolve(answer(200, { id: "x" }))]) {
      const early = earlyAnswersOf(bootOf(Promise.resolve(TOKENS), user));
      await early.refresh("ref-1");
      await expect(early.currentUser(12)).resolves.toBeNull();
    }
  });

  it("never give another user's record, even one the server answered for the stored id", async () => {
    const early = earlyAnswersOf(bootOf(Promise.resolve(TOKENS), Promise.resolve(answer(200, { ...currentUserWire, id: 13 }))));
    await early.refresh("ref-1");
    await expect(early.currentUser(12)).resolves.toBeNull();
  });
});

describe("the early reads", () => {
  const PATIENT = "/api/patients/7/";
  const readsBoot = (reads: SessionBoot["reads"], tokens: Promise<BootAnswer> = Promise.resolve(TOKENS)): SessionBoot => ({ ...bootOf(tokens), reads });

  it("give a read once, only to a call with the access token the adopted refresh gave", async () => {
    const early = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(answer(200, { id: 7 })) }));
    await early.refresh("ref-1");
    expect(early.read("/api/patients/8/", "acc-2")).toBeNull(); // a request the script never sent
    await expect(early.read(PATIENT, "acc-2")).resolves.toEqual(answer(200, { id: 7 }));
    expect(early.read(PATIENT, "acc-2")).toBeNull(); // once: a later read asks the server
  });

  it("give none to a call with another session's token, and none after it", async () => {
    const early = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(answer(200, { id: 7 })) }));
    await early.refresh("ref-1");
    expect(early.read(PATIENT, "acc-other")).toBeNull(); // someone else's sign-in, or a later refresh
    expect(early.read(PATIENT, "acc-2")).toBeNull();
  });

  it("give none when the script's refresh was not the one the app used", async () => {
    const early = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(answer(200, { id: 7 })) }));
    await early.refresh("ref-other");
    expect(early.read(PATIENT, "acc-2")).toBeNull();
    const refused = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(null) }, Promise.resolve(answer(401, { code: "ERROR_001", message: "m", detail: null }))));
    await expect(refused.refresh("ref-1")).rejects.toMatchObject({ status: 401 });
    expect(refused.read(PATIENT, "acc-2")).toBeNull();
  });

  it("are this arrival's only: one the app has not asked within EARLY_READS_MS is not handed to a later page", async () => {
    vi.useFakeTimers();
    try {
      const early = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(answer(200, { id: 7 })), "/api/patients/8/": Promise.resolve(answer(200, { id: 8 })) }));
      await early.refresh("ref-1");
      vi.advanceTimersByTime(EARLY_READS_MS - 1);
      await expect(early.read(PATIENT, "acc-2")).resolves.toEqual(answer(200, { id: 7 }));
      vi.advanceTimersByTime(1);
      expect(early.read("/api/patients/8/", "acc-2")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("give null for a read that never came back, so the app sends its own", async () => {
    const early = earlyAnswersOf(readsBoot({ [PATIENT]: Promise.reject(new TypeError("Failed to fetch")) }));
    await early.refresh("ref-1");
    await expect(early.read(PATIENT, "acc-2")).resolves.toBeNull();
  });

  // ui/app/prefetched-routes.ts loads no arrival reads' module where the script asked the reads.
  it("say whether the script started any read", () => {
    expect(earlyAnswersOf(readsBoot({ [PATIENT]: Promise.resolve(answer(200, { id: 7 })) })).readsStarted).toBe(true);
    expect(earlyAnswersOf(readsBoot({})).readsStarted).toBe(false);
    expect(earlyAnswersOf(readsBoot({ [PATIENT]: "text" as unknown as Promise<BootAnswer> })).readsStarted).toBe(false);
    expect(earlyAnswersOf(null).readsStarted).toBe(false);
  });

  it("are taken from the page only as promises", async () => {
    const pending = Promise.resolve(null);
    const scope: Record<string, unknown> = {
      [SESSION_BOOT_GLOBAL]: { refreshToken: "ref-1", userId: 12, tokens: Promise.resolve(TOKENS), user: pending, reads: { [PATIENT]: pending, "/api/x/": "text" } },
    };
    const early = earlyAnswersOf(takeSessionBoot(scope));
    await early.refresh("ref-1");
    expect(early.read("/api/x/", "acc-2")).toBeNull();
    await expect(early.read(PATIENT, "acc-2")).resolves.toBeNull();
    const older: Record<string, unknown> = { [SESSION_BOOT_GLOBAL]: { refreshToken: "ref-1", userId: 12, tokens: Promise.resolve(TOKENS), user: pending } };
    expect(takeSessionBoot(older)?.reads).toEqual({});
  });
});
