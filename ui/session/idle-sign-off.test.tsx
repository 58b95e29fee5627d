// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Adapters } from "../../adapters/create-adapters.ts";
import { createCredentialsStore } from "../../adapters/shared/session/credentials-store.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { IDLE_WARNING_AFTER_MS } from "../../domain/shared/session/idle-policy.ts";
import type { AppServices } from "../services/app-services.ts";
import { createQueryCache } from "../data/query-cache.ts";
import { createQueryClient } from "../data/query-client.ts";
import { ServicesProvider } from "../services/services-context.tsx";
import { signInLogicFor, startSession } from "../app/auth-machines.ts";
import { IdleSignOff } from "./idle-sign-off.tsx";

vi.mock("../feedback/toast-queue.ts", () => ({ showToast: vi.fn() }));

// The session part and the dialog's body load lazily; loading them once here lets React's retry
// find them at once under fake timers.
beforeAll(async () => {
  await import("./idle-sign-off-session.tsx");
  await import("../kit/modal-dialog-body.tsx");
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const renderGate = () => {
  const credentials = createCredentialsStore(sessionStorage);
  const adapters = {
    credentials,
    authApi: { logout: () => Promise.resolve(), refresh: () => Promise.reject(new Error("unexpected refresh")) },
  } as unknown as Adapters;
  // The real session actor over the store; its refresh is never asked for (no restore here).
  const session = {
    ...startSession({ authApi: adapters.authApi, credentials, reloadPage: () => expect.fail("unexpected reload") }),
    tokenRefresh: { currentGeneration: () => 0, awaitFreshToken: () => Promise.resolve("refreshed" as const) },
  };
  const services: AppServices = {
    adapters,
    queryCache: createQueryCache(createQueryClient()),
    session,
    signInLogic: signInLogicFor(adapters, session.actor),
    storage: { local: localStorage, session: sessionStorage },
  };
  const location = memoryLocation({ path: "/dashboard" });
  render(
    <Router hook={location.hook}>
      <ServicesProvider services={services}>
        {/* A page with its heading, as in the app: the idle sign-off loads after the first page's heading. */}
        <main>
          <h1>Dashboard</h1>
        </main>
        <IdleSignOff />
      </ServicesProvider>
    </Router>,
  );
  return { credentials };
};

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const dialog = () => screen.queryByRole("alertdialog", { name: "Are you still there?" });

describe("<IdleSignOff />", () => {
  it("does nothing without a session", async () => {
    renderGate();
    await advance(IDLE_WARNING_AFTER_MS + 1);
    expect(dialog()).toBeNull();
  });

  it("does nothing for a pre-authenticated person (second factor pending)", async () => {
    const { credentials } = renderGate();
    act(() =>
      credentials.setPreAuthenticated("pre-1", {
        id: UserId.make(12),
        change_password: false,
        default_mfa_method: null,
        mfa_methods: ["email"],
        phone: null,
      }),
    );
    await advance(IDLE_WARNING_AFTER_MS + 1);
    expect(dialog()).toBeNull();
  });

  it("starts watching when the session becomes authenticated and stops when it ends", async () => {
    const { credentials } = renderGate();
    await advance(20 * 60_000);
    act(() => credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) }));
    await advance(0);
    // The 29 minutes count from sign-in, not from when the page opened.
    await advance(IDLE_WARNING_AFTER_MS - 1);
    expect(dialog()).toBeNull();
    await advance(1);
    expect(dialog()).not.toBeNull();

    act(() => credentials.clear());
    await advance(0);
    expect(dialog()).toBeNull();
  });
});
