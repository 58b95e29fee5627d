import { render, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { ReactNode } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { signInMachine } from "../../machines/auth/sign-in.machine.ts";
import { SignInActorProvider, useSignInActor, type SignInActor } from "../features/auth/sign-in-actor.tsx";
import type { AppServices } from "../services/app-services.ts";
import { App } from "./app.tsx";
import { preloadAuthPages } from "./app-routes.tsx";
import { AppRouterProvider } from "../shell/router-provider.tsx";
import { ServicesProvider } from "../services/services-context.tsx";
import type { SignInLogic } from "../services/app-services.ts";

// The /auth pages other than sign-in are lazy chunks; loaded here once, they render at once, as
// they do in the browser once preloaded, so the tests read each step without waiting a tick.
await preloadAuthPages();

/** The whole app at `path` in a recorded memory location. */
export const renderApp = (services: AppServices, path: string) => {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App services={services} />
    </Router>,
  );
  return { location, view };
};

// Hands the provider's actor to the test, which drives the flow to the step it wants to see.
function CaptureActor({ onActor }: { onActor: (actor: SignInActor) => void }) {
  onActor(useSignInActor());
  return null;
}

/**
 * One page with the sign-in flow it renders: the real machine, its actors provided by the test
 * (fakes at the port), and a memory router. Optional services for pages that also call adapters.
 */
export const renderWithFlow = (
  ui: ReactNode,
  options: { readonly actors: Parameters<typeof signInMachine.provide>[0]["actors"]; readonly path?: string; readonly services?: AppServices },
) => {
  const logic: SignInLogic = signInMachine.provide({ actors: options.actors });
  const location = memoryLocation({ path: options.path ?? "/", record: true });
  const captured: { actor: SignInActor | null } = { actor: null };
  const capture = (actor: SignInActor) => {
    captured.actor = actor;
  };
  const tree = (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppRouterProvider>
        <SignInActorProvider logic={logic}>
          <CaptureActor onActor={capture} />
          {ui}
        </SignInActorProvider>
      </AppRouterProvider>
    </Router>
  );
  const view = render(options.services === undefined ? tree : <ServicesProvider services={options.services}>{tree}</ServicesProvider>);
  const { actor } = captured;
  if (actor === null) throw new Error("the sign-in actor did not start");
  return { location, view, actor };
};

/** How long a test waits for the lazy signed-in area to first appear (well inside the 20 s test timeout). */
export const SHELL_LOAD_TIMEOUT_MS = 10_000;

/**
 * Waits for the signed-in dashboard and its sidebar footer naming the person from the server's
 * own record: proof that the session reached the application, whoever's dashboard it is.
 */
export const findSignedInDashboard = async (person: { readonly name: string; readonly email: string }): Promise<void> => {
  // The first lazy import of the signed-in area compiles its modules in the test worker, which
  // takes seconds on a loaded two-core machine; a generous wait costs nothing when it is quick.
  await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: SHELL_LOAD_TIMEOUT_MS });
  const sidebar = await screen.findByRole("navigation", { name: "Main" });
  await within(sidebar).findByText(person.name, {}, { timeout: SHELL_LOAD_TIMEOUT_MS });
  within(sidebar).getByText(person.email);
  // The record's arrival mounts the page in a deferred render after it (issue 35): the page is in once <main> is no longer busy.
  await waitFor(() => expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull(), { timeout: SHELL_LOAD_TIMEOUT_MS });
};
