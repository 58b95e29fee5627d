import { describe, expect, it } from "vitest";
import { SESSION_BOOT_GLOBAL } from "../../../domain/shared/session/session-boot.ts";
import { currentUserWire } from "../fixtures.test-helper.ts";
import { earlyAnswersOf, takeSessionBoot, type BootAnswer, type SessionBoot } from "./session-boot.ts";

// What the app makes of the boot script's calls: used once, for the session they were sent for,
// judged like the app's own answers.

const answer = (status: number, body: unknown): BootAnswer => ({ status, text: JSON.stringify(body) });
const bootOf = (tokens: Promise<BootAnswer>, user: Promise<BootAnswer | null> = Promise.resolve(answer(200, currentUserWire))): SessionBoot => ({
  refreshToken: "ref-1",
  userId: 12,
  tokens,
  user,
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
});
