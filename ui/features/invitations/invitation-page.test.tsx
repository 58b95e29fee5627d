// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { INVITATION_ADVICE } from "../../../domain/invitations/index.ts";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp } from "../../app/render-app.test-helper.tsx";

// The invitation landing page in the whole app against a scripted server: the real adapters, the
// real sign-in machine and route guards.
let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const OPEN = {
  state: "open",
  email: "rosa.diaz@clinic.org",
  first_name: "Rosa",
  last_name: "Diaz",
  institution_name: "Lakeside Clinic",
  expires_at: "2026-11-05T10:00:00Z",
};

/** Answers by method and path; anything unscripted is a 404 the test will notice. */
const serve = (routes: Record<string, () => ScriptedAnswer>) =>
  app.harness.server.script((request) => {
    const answer = routes[`${request.method} ${request.url.split("?")[0] ?? ""}`];
    return answer === undefined ? { status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "x" } } : answer();
  });

const choose = (password: string, confirmation: string) => {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "Set password and sign in" }));
};

describe("/auth/invitation", () => {
  it("greets the invited person, takes the token out of the address, and looks it up in a body, anonymously", async () => {
    serve({ "POST /api/invitations/lookup/": () => ({ status: 200, json: OPEN }) });
    const { location } = renderApp(app.services, "/auth/invitation?token=tok-123");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" })).toBeTruthy();
    expect(screen.getByText(/Lakeside Clinic/).textContent).toMatch(/rosa\.diaz@clinic\.org.*11\/05\/2026/);
    expect(location.history.at(-1)).toBe("/auth/invitation");
    const lookup = app.harness.server.requests[0];
    expect(lookup?.body).toEqual({ token: "tok-123" });
    expect(lookup?.headers.authorization).toBeUndefined();
  });

  it("puts the focus on its h1 when it opens from the e-mail, never on <body>, while checking and once the link is known", async () => {
    serve({ "POST /api/invitations/lookup/": () => ({ status: 200, json: OPEN }) });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Your invitation" }));
    const welcome = await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" });
    expect(document.activeElement).toBe(welcome);
  });

  it("puts the focus on the h1 of a link that no longer works", async () => {
    serve({ "POST /api/invitations/lookup/": () => ({ status: 200, json: { state: "expired" } }) });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    const heading = await screen.findByRole("heading", { level: 1, name: INVITATION_ADVICE.expired.title });
    expect(document.activeElement).toBe(heading);
  });

  it.each(["expired", "used", "revoked", "unknown"] as const)("explains a %s link with its advice and a way to sign in", async (state) => {
    serve({ "POST /api/invitations/lookup/": () => ({ status: 200, json: { state } }) });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    expect(await screen.findByRole("heading", { level: 1, name: INVITATION_ADVICE[state].title })).toBeTruthy();
    expect(screen.getByText(INVITATION_ADVICE[state].text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("treats an address without a token as a link that is not valid, without any call", () => {
    renderApp(app.services, "/auth/invitation");
    expect(screen.getByRole("heading", { level: 1, name: INVITATION_ADVICE.unknown.title })).toBeTruthy();
    expect(app.harness.server.requests).toEqual([]);
  });

  it("checks the passwords with the domain rules before any accept", async () => {
    serve({ "POST /api/invitations/lookup/": () => ({ status: 200, json: OPEN }) });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" });
    choose("short", "short");
    await act(async () => {});
    expect(screen.getByText("The password must be at least 8 characters long")).toBeTruthy();
    expect(app.harness.server.requests.map((request) => request.url)).toEqual(["/api/invitations/lookup/"]);
  });

  it("shows a refused password on its field (ERROR_007)", async () => {
    serve({
      "POST /api/invitations/lookup/": () => ({ status: 200, json: OPEN }),
      "POST /api/invitations/accept/": () => ({
        status: 400,
        json: { code: "ERROR_007", message: "The provided password did not meet the required criteria", detail: { field: "new_password" }, id: "x" },
      }),
    });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" });
    choose("password1234", "password1234");
    await waitFor(() => expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The provided password did not meet the required criteria")).toBeTruthy();
  });

  it("accepts, then signs in with the returned address and the new password and goes on to the second factor", async () => {
    serve({
      "POST /api/invitations/lookup/": () => ({ status: 200, json: OPEN }),
      "POST /api/invitations/accept/": () => ({ status: 200, json: { email: "rosa.diaz@clinic.org" } }),
      "POST /api/authentication/login_web/": () => ({
        status: 200,
        json: { token: "pre-1", user: { id: 31, change_password: false, default_mfa_method: null, mfa_methods: [], phone: null } },
      }),
    });
    const { location } = renderApp(app.services, "/auth/invitation?token=tok-123");
    await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" });
    choose("battery staple 9", "battery staple 9");

    expect(await screen.findByRole("heading", { level: 1, name: "Verify it's you" })).toBeTruthy();
    expect(location.history.at(-1)).toBe("/auth/mfa");
    const [, accept, login] = app.harness.server.requests;
    expect(accept?.body).toEqual({ token: "tok-123", new_password: "battery staple 9", new_password_confirmation: "battery staple 9" });
    expect(login?.url).toBe("/api/authentication/login_web/");
    expect(login?.headers.authorization).toBe(`Basic ${btoa("rosa.diaz@clinic.org:battery staple 9")}`);
  });

  it("looks the link up again when accept says it died meanwhile, and shows why", async () => {
    let state = "open";
    serve({
      "POST /api/invitations/lookup/": () => ({ status: 200, json: state === "open" ? OPEN : { state } }),
      "POST /api/invitations/accept/": () => {
        state = "used";
        return { status: 400, json: { code: "ERROR_056", message: "used_token", detail: { field: "token" }, id: "x" } };
      },
    });
    renderApp(app.services, "/auth/invitation?token=tok-123");
    await screen.findByRole("heading", { level: 1, name: "Welcome, Rosa" });
    choose("battery staple 9", "battery staple 9");
    expect(await screen.findByRole("heading", { level: 1, name: INVITATION_ADVICE.used.title })).toBeTruthy();
  });
});
