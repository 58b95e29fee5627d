// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createCredentialsStore } from "../../adapters/shared/session/credentials-store.ts";
import type { Adapters } from "../../adapters/create-adapters.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { IDLE_SIGNED_OUT_NOTICE, IDLE_WARNING_AFTER_MS, IDLE_WARNING_LEAD_MS } from "../../domain/shared/session/idle-policy.ts";
import type { AppServices } from "../services/app-services.ts";
import { createQueryCache } from "../data/query-cache.ts";
import { createQueryClient } from "../data/query-client.ts";
import { ServicesProvider } from "../services/services-context.tsx";
import { signInLogicFor, startSession } from "../app/auth-machines.ts";
import { showToast } from "../feedback/toast-queue.ts";
import { IdleSignOffSession } from "./idle-sign-off-session.tsx";

vi.mock("../feedback/toast-queue.ts", () => ({ showToast: vi.fn() }));

// The warning dialog's body is a lazy chunk (ui/kit/dialog.tsx); loading it once here lets React's
// retry find it at once under fake timers (run alone, the first warning sometimes came before it).
beforeAll(async () => {
  await import("../kit/modal-dialog-body.tsx");
});

const MINUTE = 60_000;
const USER_KEY = ["users", 12];

type Refresh = "refreshed" | "ended";

/**
 * The component over fakes at the ports: a credentials store on jsdom sessionStorage, a token
 * refresh that answers as the test says, and a logout that resolves. Every call is recorded;
 * anything else on the adapters throws.
 */
const setup = (refreshAnswer: Refresh = "refreshed") => {
  const credentials = createCredentialsStore(sessionStorage);
  credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });
  const calls = { refresh: 0, logout: new Array<string>() };
  const unexpected = () => {
    throw new Error("unexpected adapter call");
  };
  const adapters = {
    credentials,
    authApi: {
      logout: (token: string) => {
        calls.logout.push(token);
        return Promise.resolve();
      },
      refresh: unexpected,
    },
  } as unknown as Adapters;
  // The real session actor over the store, with the token refresh the test answers.
  const session = {
    ...startSession({ authApi: adapters.authApi, credentials, reloadPage: unexpected }),
    tokenRefresh: {
      currentGeneration: () => calls.refresh,
      awaitFreshToken: () => {
        calls.refresh += 1;
        return Promise.resolve(refreshAnswer);
      },
    },
  };
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_KEY, { first_name: "Ann" });
  const services: AppServices = {
    adapters,
    queryCache: createQueryCache(queryClient),
    session,
    signInLogic: signInLogicFor(adapters, session.actor),
    storage: { local: localStorage, session: sessionStorage },
  };
  const location = memoryLocation({ path: "/dashboard", record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ServicesProvider services={services}>
        <main>
          <button type="button">Patients</button>
        </main>
        <IdleSignOffSession />
      </ServicesProvider>
    </Router>,
  );
  return { calls, credentials, queryClient, location };
};

/** Moves the fake clock and lets promises and React catch up. */
const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const dialog = () => screen.queryByRole("alertdialog", { name: "Are you still there?" });

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

describe("the idle warning", () => {
  it("appears 29 minutes after the last activity with a visible countdown, Stay signed in focused", async () => {
    setup();
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(dialog()).toBeNull();
    await advance(1);
    const shown = dialog();
    expect(shown).not.toBeNull();
    expect(shown?.textContent).toContain("For your patients' privacy, you will be signed out in 60 seconds.");
    expect(document.getElementById(shown?.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "For your patients' privacy, you will be signed out in 60 seconds.",
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Stay signed in" }));
    expect(screen.getByRole("button", { name: "Sign out now" })).toBeTruthy();

    await advance(1_000);
    expect(shown?.textContent).toContain("signed out in 59 seconds.");
  });

  it("speaks again only once, at ten seconds left, while the visible number changes every second", async () => {
    setup();
    await advance(IDLE_WARNING_AFTER_MS);
    const live = screen.getByRole("alert");
    const heard = new Set<string>();
    for (let second = 0; second < 55; second += 1) {
      heard.add(live.textContent ?? "");
      await advance(1_000);
    }
    expect(dialog()?.textContent).toContain("signed out in 5 seconds.");
    expect([...heard]).toEqual(["", "10 seconds or less before you are signed out. Choose Stay signed in to keep working."]);
  });

  it("is not dismissed by moving the mouse or typing", async () => {
    setup();
    await advance(IDLE_WARNING_AFTER_MS);
    fireEvent.pointerMove(window);
    fireEvent.keyDown(window, { key: "a" });
    await advance(10_000);
    expect(dialog()).not.toBeNull();
  });
});

describe("activity", () => {
  it("starts the 29 minutes again", async () => {
    setup();
    await advance(20 * MINUTE);
    fireEvent.pointerDown(window);
    await advance(20 * MINUTE);
    fireEvent.scroll(window);
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(dialog()).toBeNull();
    await advance(1);
    expect(dialog()).not.toBeNull();
  });

  it("keeps the server's session alive with a refresh at most every five minutes", async () => {
    const { calls } = setup();
    for (let second = 0; second < 12 * 60; second += 1) {
      fireEvent.pointerMove(window);
      await advance(1_000);
    }
    // Activity all along: the refresh runs at the end of the 5th and 10th minute, and no more.
    expect(calls.refresh).toBe(2);
  });
});

describe("answering the warning", () => {
  it("Stay signed in refreshes the session, closes the dialog and gives focus back", async () => {
    const { calls } = setup();
    const patients = screen.getByRole("button", { name: "Patients" });
    act(() => patients.focus());
    await advance(IDLE_WARNING_AFTER_MS);
    expect(document.activeElement).not.toBe(patients);
    fireEvent.click(screen.getByRole("button", { name: "Stay signed in" }));
    await advance(0);
    expect(calls.refresh).toBe(1);
    expect(dialog()).toBeNull();
    await advance(100);
    expect(document.activeElement).toBe(patients);
    // The countdown starts over: no warning until 29 minutes later.
    await advance(IDLE_WARNING_AFTER_MS - 200);
    expect(dialog()).toBeNull();
  });

  it("Escape means Stay signed in", async () => {
    const { calls } = setup();
    await advance(IDLE_WARNING_AFTER_MS);
    fireEvent.keyDown(screen.getByRole("button", { name: "Stay signed in" }), { key: "Escape" });
    await advance(0);
    expect(calls.refresh).toBe(1);
    expect(dialog()).toBeNull();
    await advance(IDLE_WARNING_LEAD_MS);
    expect(calls.logout).toEqual([]);
  });

  it("signs out when the server had already ended the session", async () => {
    const { calls, credentials, location } = setup("ended");
    await advance(IDLE_WARNING_AFTER_MS);
    fireEvent.click(screen.getByRole("button", { name: "Stay signed in" }));
    await advance(0);
    expect(credentials.phase()).toBe("anonymous");
    expect(calls.logout).toEqual(["ref-1"]);
    expect(location.history.at(-1)).toBe("/auth/sign-in");
    expect(showToast).not.toHaveBeenCalled();
  });

  it("Sign out now signs out at once, without the idle message", async () => {
    const { calls, location } = setup();
    await advance(IDLE_WARNING_AFTER_MS);
    fireEvent.click(screen.getByRole("button", { name: "Sign out now" }));
    await advance(0);
    expect(calls.logout).toEqual(["ref-1"]);
    expect(location.history.at(-1)).toBe("/auth/sign-in");
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe("no answer", () => {
  it("signs out after the last 60 seconds, clears the cached data and leaves a message for sign-in", async () => {
    const { calls, credentials, queryClient, location } = setup();
    await advance(IDLE_WARNING_AFTER_MS + IDLE_WARNING_LEAD_MS - 1);
    expect(calls.logout).toEqual([]);
    await advance(1);
    expect(calls.logout).toEqual(["ref-1"]);
    expect(credentials.phase()).toBe("anonymous");
    expect(queryClient.getQueryData(USER_KEY)).toBeUndefined();
    expect(location.history.at(-1)).toBe("/auth/sign-in");
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith({ ...IDLE_SIGNED_OUT_NOTICE, variant: "default" });
    expect(dialog()).toBeNull();
  });
});
