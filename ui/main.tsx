import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import "./theme/global.css.ts";
import { readClientConfig } from "../adapters/shared/client-config.ts";
import { takeSessionBoot } from "../adapters/shared/session/session-boot.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../domain/shared/wire/client-config.ts";
import { AUTH_ROUTES } from "../machines/auth/auth-route.ts";
import { App } from "./app/app.tsx";
import { preloadRouteCode } from "./app/app-routes.tsx";
import { createAppServices } from "./app/app-services.ts";
import { nextTask } from "./app/next-task.ts";
import { StartupFailure } from "./app/startup-failure.tsx";

// Issue 35, blocking time: the app starts in a task after the one that evaluated its modules (the
// entry's libraries and its own, 80-120 ms on a quiet machine, four times that on Lighthouse's slow
// phone, where all but 50 ms of a task counts as blocking). Starting it in that same task made it
// longer by the app's own start (the services, the session actor, the first render's request).
// That start is split in three tasks too (nextTask): the root and the services, whose session
// actor takes the boot script's answers and decodes them; the route's code asked for; the first
// render. Together they were one task of 60-80 ms on a quiet machine (240-320 ms simulated), after
// the first paint, so nearly all of it counted as blocking time.
const startPortal = async (): Promise<void> => {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  const root = createRoot(container);

  // The server writes the API key into the page it serves (server/http/client-config-block.ts), so
  // one build serves any deployment; the key is public by nature and only identifies the client.
  const reading = readClientConfig(document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent);

  if (reading.ok) {
    // Made once for the page's lifetime: one credentials store, one HTTP client, one data cache.
    // The API is on the same origin. Made first: after a reload its session actor sends the token
    // refresh at once, ahead of the code downloads below in the browser's queue (issue 23).
    const services = createAppServices({
      baseUrl: "",
      apiKey: reading.config.apiKey,
      storage: { local: window.localStorage, session: window.sessionStorage },
      onPreAuthUnauthorized: () => navigate(AUTH_ROUTES.signIn, { replace: true }),
      reloadPage: () => window.location.reload(),
      // The refresh (and then the user record) the boot script sent while this code downloaded.
      sessionBoot: takeSessionBoot(window as unknown as Record<string, unknown>),
    });
    await nextTask();
    // A reload of an application page fetches the signed-in area's code while React starts.
    preloadRouteCode(window.location.pathname);
    await nextTask();
    // A transition, so React renders the first page in slices of about 5 ms with the browser free
    // between them, not in one task (sign-in's: 300-650 ms on a 4x slower CPU, issue 35's blocking
    // time); an update of its own (the session restored, a query's answer) still renders at once.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App services={services} />
        </StrictMode>,
      );
    });
  } else {
    document.title = "The portal cannot start – Speech therapy care portal";
    console.error(reading.problem);
    root.render(
      <StrictMode>
        <StartupFailure problem={reading.problem} />
      </StrictMode>,
    );
  }
};
setTimeout(() => void startPortal(), 0);
