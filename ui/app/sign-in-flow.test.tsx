// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../adapters/shared/fixtures.test-helper.ts";
import type { ScriptedAnswer } from "../../adapters/shared/test-server.test-helper.ts";
import { startAppHarness, type AppHarness } from "./app-services.test-helper.ts";
import { findSignedInDashboard, renderApp } from "./render-app.test-helper.tsx";

/** The person of currentUserWire, as the sidebar footer names them. */
const ANN = { name: "Ann Lee", email: "ann.lee@clinic.org" };

// The whole app against a scripted HTTP server: real adapters, the real sign-in machine with the
// app's own actors, the real router guards and URL sync.
let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const user = (methods: readonly string[], defaultMethod: string | null, changePassword = false) => ({
  id: 12,
  change_password: changePassword,
  default_mfa_method: defaultMethod,
  mfa_methods: methods,
  phone: "********4567",
});

const error = (status: number, code: string, message: string): ScriptedAnswer => ({
  status,
  json: { code, message, detail: null, id: "e-1" },
});

/** Answers by path; anything unscripted is a 404 the test will notice. */
const serve = (routes: Record<string, () => ScriptedAnswer>) =>
  app.harness.server.script((request) => {
    const path = request.url.split("?")[0] ?? "";
    const answer = routes[`${request.method} ${path}`];
    return answer === undefined ? error(404, "ERROR_001", "not scripted") : answer();
  });

const signIn = () => {
  fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ann.lee@clinic.org" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct horse" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
};

const requested = () => app.harness.server.requests.map((request) => `${request.method} ${request.url.split("?")[0]}`);

describe("signing in through the app", () => {
  it("goes from password to emailed code to the dashboard, each step replacing the address", async () => {
    serve({
      "POST /api/authentication/login_web/": () => ({ status: 200, json: { token: "pre-1", user: user(["email"], "email") } }),
      "POST /api/authentication/totp/re_send/": () => ({ status: 204 }),
      "POST /api/authentication/totp/verify/": () => ({
        status: 200,
        json: { access_token: "acc-1", refresh_token: "ref-1", user: user(["email"], "email") },
      }),
      "GET /api/users/12/": () => ({ status: 200, json: currentUserWire }),
    });
    const { location } = renderApp(app.services, "/auth/sign-in");

    signIn();
    expect(await screen.findByRole("heading", { level: 1, name: "Enter your verification code" })).toBeTruthy();
    expect(location.history).toEqual(["/auth/mfa/otp?platform=email"]);
    // The code step starts on its one field (docs/ui.md, "Focus").
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Verification code" }));

    // The code is being sent: Verify waits for it (the machine cannot take a code yet).
    expect(screen.getByRole("button", { name: "Verify" }).hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Verify" }).hasAttribute("disabled")).toBe(false));
    fireEvent.paste(screen.getByRole("textbox", { name: "Verification code" }), {
      clipboardData: { getData: () => "482 913" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    await findSignedInDashboard(ANN);
    expect(location.history).toEqual(["/dashboard"]);
    expect(document.title).toBe("Dashboard – Speech therapy care portal");
    // Through the loading pages in between, the focus followed each heading to the dashboard's.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Dashboard" })));
    expect(app.services.adapters.credentials.phase()).toBe("authenticated");
    expect(requested()).toEqual([
      "POST /api/authentication/login_web/",
      "POST /api/authentication/totp/re_send/",
      "POST /api/authentication/totp/verify/",
      "GET /api/users/12/",
      "GET /api/review-queue/next/",
      "GET /api/patients/dashboard/",
    ]);
    const verify = app.harness.server.requests[2];
    expect(verify?.headers.authorization).toBe("Token pre-1");
    expect(verify?.body).toEqual({ mfa_option: "email", otp_code: "482913" });
  });

  it("forces the password change first, then the method choice", async () => {
    serve({
      "POST /api/authentication/login_web/": () => ({ status: 200, json: { token: "pre-1", user: user([], null, true) } }),
      "POST /api/authentication/change_pwd/": () => ({ status: 204 }),
    });
    const { location } = renderApp(app.services, "/auth/sign-in");
    signIn();
    expect(await screen.findByRole("heading", { level: 1, name: "Change your password" })).toBeTruthy();
    expect(location.history).toEqual(["/auth/change-password"]);

    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "correct horse" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "battery staple 9" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "battery staple 9" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Verify it's you" })).toBeTruthy();
    expect(location.history).toEqual(["/auth/mfa"]);
  });

  it("shows ERROR_005 on the sign-in page and stays there", async () => {
    serve({ "POST /api/authentication/login_web/": () => error(401, "ERROR_005", "The username or password is incorrect") });
    const { location } = renderApp(app.services, "/auth/sign-in");
    signIn();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The username or password is incorrect"));
    expect(location.history).toEqual(["/auth/sign-in"]);
    expect(app.services.adapters.credentials.phase()).toBe("anonymous");
  });

  it("sends a pre-authenticated person who opens another step's address back to their current step", async () => {
    serve({ "POST /api/authentication/login_web/": () => ({ status: 200, json: { token: "pre-1", user: user(["email", "sms"], null) } }) });
    const { location } = renderApp(app.services, "/auth/sign-in");
    signIn();
    expect(await screen.findByRole("heading", { level: 1, name: "Verify it's you" })).toBeTruthy();

    act(() => location.navigate("/auth/sign-in"));
    expect(location.history.at(-1)).toBe("/auth/mfa");
    act(() => location.navigate("/auth/mfa/otp?platform=fax"));
    expect(location.history.at(-1)).toBe("/auth/mfa");
    act(() => location.navigate("/dashboard"));
    expect(location.history.at(-1)).toBe("/auth/mfa");
    act(() => location.navigate("/auth/forgot-password"));
    expect(location.history.at(-1)).toBe("/auth/mfa");
    expect(screen.getByRole("heading", { level: 1, name: "Verify it's you" })).toBeTruthy();
  });

  it("starts over at sign-in when the server drops the pre-auth token (401)", async () => {
    serve({
      "POST /api/authentication/login_web/": () => ({ status: 200, json: { token: "pre-1", user: user(["email"], null) } }),
      "POST /api/authentication/totp/re_send/": () => error(401, "ERROR_001", "Session expired"),
    });
    const { location } = renderApp(app.services, "/auth/sign-in");
    signIn();
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/auth/sign-in"));
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    expect(app.services.adapters.credentials.phase()).toBe("anonymous");
  });
});

describe("signing out", () => {
  it("ends the session, empties storage and cache, and no page shows the old data again", async () => {
    serve({
      "POST /api/authentication/login_web/": () => ({ status: 200, json: { token: "pre-1", user: user(["app"], "app") } }),
      "POST /api/authentication/totp/verify/": () => ({
        status: 200,
        json: { access_token: "acc-1", refresh_token: "ref-1", user: user(["app"], "app") },
      }),
      "GET /api/users/12/": () => ({ status: 200, json: currentUserWire }),
      "POST /api/authentication/logout/": () => ({ status: 204 }),
    });
    localStorage.setItem("portal.table-density", "compact");
    const { location } = renderApp(app.services, "/auth/sign-in");
    signIn();
    fireEvent.change(await screen.findByRole("textbox", { name: "Verification code" }), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await findSignedInDashboard(ANN);
    expect(sessionStorage.getItem("portal.auth.session")).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeTruthy();
    await waitFor(() => expect(requested()).toContain("POST /api/authentication/logout/"));
    expect(location.history).toEqual(["/auth/sign-in"]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);

    // Back to where the dashboard was: the guard answers, nothing is fetched or shown.
    const before = app.harness.server.requests.length;
    act(() => location.navigate("/dashboard"));
    expect(location.history.at(-1)).toBe("/auth/sign-in");
    expect(screen.queryByText(ANN.email)).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(app.harness.server.requests.length).toBe(before);
  });
});
