// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../adapters/shared/fixtures.test-helper.ts";
import { UserId } from "../../domain/shared/ids.ts";
import { servicesOf, startAppHarness, type AppHarness } from "./app-services.test-helper.ts";
import { findSignedInDashboard, renderApp } from "./render-app.test-helper.tsx";

/** The person of currentUserWire, as the sidebar footer names them. */
const ANN = { name: "Ann Lee", email: "ann.lee@clinic.org" };

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const signInAsAuthenticated = () =>
  app.harness.adapters.credentials.setAuthenticated({ accessToken: "acc-1", refreshToken: "ref-1", userId: UserId.make(12) });

describe("App routes", () => {
  it("sends / to /dashboard and, without a session, on to sign-in", () => {
    const { location } = renderApp(app.services, "/");
    // Redirects replace the history entry, so Back does not bounce the user into them again.
    expect(location.history).toEqual(["/auth/sign-in"]);
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
  });

  it("shows the sign-in page with its title", () => {
    renderApp(app.services, "/auth/sign-in");
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(document.title).toBe("Sign in – Speech therapy care portal");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/auth/forgot-password");
  });

  it("shows the not-found page for an unknown path, with a way back", () => {
    const { location } = renderApp(app.services, "/no/such/page");
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(document.title).toBe("Page not found – Speech therapy care portal");

    const link = screen.getByRole("link", { name: "Go to the dashboard" });
    expect(link.getAttribute("href")).toBe("/dashboard");
    act(() => link.focus());
    fireEvent.click(link);
    // The link pushes /dashboard, whose guard then replaces that entry with sign-in.
    expect(location.history).toEqual(["/no/such/page", "/auth/sign-in"]);
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
  });

  it.each([["/auth/change-password"], ["/auth/mfa"], ["/auth/mfa/otp?platform=email"], ["/auth/mfa/registration?platform=app"]])(
    "sends an anonymous visitor of %s to sign-in",
    (path) => {
      const { location } = renderApp(app.services, path);
      expect(location.history).toEqual(["/auth/sign-in"]);
    },
  );

  it("lets an anonymous visitor open forgot-password and the reset landing page", () => {
    const { location } = renderApp(app.services, "/auth/forgot-password");
    expect(screen.getByRole("heading", { level: 1, name: "Reset your password" })).toBeTruthy();
    act(() => location.navigate("/auth/email-confirmation"));
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a reset link" })).toBeTruthy();
  });

  it.each([["/auth/sign-in"], ["/auth/mfa"], ["/auth/forgot-password"], ["/auth/email-confirmation?token=abc"]])(
    "sends a signed-in person opening %s to the main page",
    async (path) => {
      app.harness.server.script(() => ({ status: 200, json: currentUserWire }));
      signInAsAuthenticated();
      const { location } = renderApp(app.services, path);
      expect(location.history).toEqual(["/dashboard"]);
      await findSignedInDashboard(ANN);
    },
  );

  it("shows the application page in its shell while a restored session refreshes, calling nothing else before the refresh", async () => {
    // The refresh answer is held until the test has looked at the page shown meanwhile.
    let releaseRefresh = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    app.harness.server.script(async (request) => {
      if (!request.url.startsWith("/api/authentication/refresh/")) return { status: 200, json: currentUserWire };
      await refreshHeld;
      return { status: 200, json: { access: "acc-2", refresh: "ref-2" } };
    });
    sessionStorage.setItem("portal.auth.session", JSON.stringify({ refresh_token: "ref-1", user_id: 12 }));
    // A page reload: new adapters read the stored refresh token back from sessionStorage, and the
    // new page's session actor starts the refresh.
    const restored = servicesOf(app.harness.reload(), app.services.queryCache);
    renderApp(restored, "/dashboard");

    // Before the refresh answers: the dashboard's own heading inside the shell, announced as loading.
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(within(screen.getByRole("main")).getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(restored.adapters.credentials.phase()).toBe("restoring");
    await waitFor(() => expect(app.harness.server.requests.map((request) => request.url)).toEqual(["/api/authentication/refresh/"]));
    releaseRefresh();
    await findSignedInDashboard(ANN);
    await waitFor(() => expect(restored.adapters.credentials.phase()).toBe("authenticated"));
    expect(app.harness.server.requests.map((request) => request.url)).toEqual([
      "/api/authentication/refresh/",
      "/api/users/12/",
      // Ann is an SLP: once her record says so, her dashboard asks where "Start reviewing" goes and for her patients.
      "/api/review-queue/next/?scope=caseload",
      "/api/patients/dashboard/?page=1&page_size=10",
    ]);
  });
});
