import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import "./theme/global.css.ts";
import { AUTH_ROUTES } from "../machines/auth/auth-route.ts";
import { App } from "./app/app.tsx";
import { preloadRouteCode } from "./app/app-routes.tsx";
import { createAppServices } from "./app/app-services.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element to mount the portal into");

// Made once for the page's lifetime: one credentials store, one HTTP client, one data cache.
// The API is on the same origin; the key is public by nature (it ships in the bundle) and only
// identifies the client, so a build may set VITE_API_KEY and development uses the server's default.
const services = createAppServices({
  baseUrl: "",
  apiKey: import.meta.env.VITE_API_KEY ?? "dev-portal-api-key",
  storage: { local: window.localStorage, session: window.sessionStorage },
  onPreAuthUnauthorized: () => navigate(AUTH_ROUTES.signIn, { replace: true }),
  reloadPage: () => window.location.reload(),
});

// A reload of an application page fetches the signed-in area's code while React starts.
preloadRouteCode(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
