// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startAppHarness, type AppHarness } from "../../app/app-services.test-helper.ts";
import { renderApp } from "../../app/render-app.test-helper.tsx";

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  app.services.queryCache.clear();
  await app.harness.close();
});

const SENT = /If an account uses that address, we have sent it a link/;

describe("/auth/forgot-password", () => {
  it("asks for a link and shows the same confirmation whatever the server knows", async () => {
    app.harness.server.script(() => ({ status: 204 }));
    renderApp(app.services, "/auth/forgot-password");
    expect(document.title).toBe("Reset your password – Speech therapy care portal");
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: " Ann.Lee@Clinic.ORG " } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));

    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(SENT));
    expect(screen.queryByRole("textbox", { name: "Email" })).toBeNull();
    expect(app.harness.server.requests.map((request) => [request.url, request.body])).toEqual([
      ["/api/authentication/forgot_password/", { email: "Ann.Lee@clinic.org" }],
    ]);
    expect(app.harness.server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("refuses a malformed address on the field, without a call", async () => {
    renderApp(app.services, "/auth/forgot-password");
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ann@" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await act(async () => {});
    expect(screen.getByRole("textbox", { name: "Email" }).getAttribute("aria-invalid")).toBe("true");
    expect(app.harness.server.requests).toEqual([]);
  });

  it("announces a rate limit (HTTP 429 is ERROR_012)", async () => {
    app.harness.server.script(() => ({ status: 429, json: { code: "ERROR_001", message: "slow down", detail: null, id: "x" } }));
    renderApp(app.services, "/auth/forgot-password");
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "ann.lee@clinic.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The maximum number of attempts has been reached"),
    );
  });
});

const CHECK_URL = "/api/authentication/reset_password/check/";
const RESET_URL = "/api/authentication/reset_password/";
const DEAD_LINK = { status: 400, json: { code: "ERROR_056", message: "The field is not valid", detail: { field: "token" }, id: "x" } };

describe("/auth/email-confirmation (the password-reset landing page)", () => {
  const fillAndSave = (password: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
  };
  /** The page once its link was checked and found working: the form. */
  const openWorkingLink = async (path: string) => {
    renderApp(app.services, path);
    await screen.findByLabelText("New password");
  };

  it("explains how to get a link when the address has no token", () => {
    renderApp(app.services, "/auth/email-confirmation");
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a reset link" }).getAttribute("href")).toBe("/auth/forgot-password");
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(app.harness.server.requests).toEqual([]);
  });

  it("checks the link as the page opens and says at once that a dead one no longer works, with a way to a new one and no form", async () => {
    app.harness.server.script(() => DEAD_LINK);
    renderApp(app.services, "/auth/email-confirmation?token=reset-123");
    const heading = await screen.findByRole("heading", { level: 1, name: "This reset link no longer works" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/auth/forgot-password");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save new password" })).toBeNull();
    expect(app.harness.server.requests.map((request) => [request.url, request.body, request.headers.authorization])).toEqual([
      [CHECK_URL, { token: "reset-123" }, undefined],
    ]);
  });

  it("shows the form for a working link, with its heading focused, once the check has answered", async () => {
    app.harness.server.script(() => ({ status: 204 }));
    renderApp(app.services, "/auth/email-confirmation?token=reset-123");
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Checking your link…");
    await screen.findByLabelText("New password");
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Choose a new password" }));
  });

  it("offers Try again when the check itself fails (a rate limit is not a dead link)", async () => {
    let answers = 0;
    app.harness.server.script(() => {
      answers += 1;
      return answers === 1 ? { status: 429, json: { code: "ERROR_001", message: "slow down", detail: null, id: "x" } } : { status: 204 };
    });
    renderApp(app.services, "/auth/email-confirmation?token=reset-123");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The maximum number of attempts has been reached"));
    expect(screen.queryByLabelText("New password")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByLabelText("New password");
  });

  it("sets the new password with the token and then links to sign-in", async () => {
    app.harness.server.script(() => ({ status: 204 }));
    await openWorkingLink("/auth/email-confirmation?token=reset-123");
    fillAndSave("battery staple 9", "battery staple 9");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Your password has been changed. You can now sign in with it."));
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(app.harness.server.requests.map((request) => [request.url, request.body])).toEqual([
      [CHECK_URL, { token: "reset-123" }],
      [RESET_URL, { token: "reset-123", new_password: "battery staple 9", new_password_confirmation: "battery staple 9" }],
    ]);
  });

  it("checks both fields with the domain rules before any reset call", async () => {
    app.harness.server.script(() => ({ status: 204 }));
    await openWorkingLink("/auth/email-confirmation?token=reset-123");
    fillAndSave("battery staple 9", "battery staple 8");
    await act(async () => {});
    expect(screen.getByLabelText("Confirm new password").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(app.harness.server.requests.map((request) => request.url)).toEqual([CHECK_URL]);
  });

  it("announces a token refused at the reset (used meanwhile) and offers a new link", async () => {
    app.harness.server.script((request) =>
      request.url === CHECK_URL
        ? { status: 204 }
        : { status: 400, json: { code: "ERROR_056", message: "The reset link is no longer valid", detail: null, id: "x" } },
    );
    await openWorkingLink("/auth/email-confirmation?token=reset-123");
    fillAndSave("battery staple 9", "battery staple 9");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The reset link is no longer valid"));
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeTruthy();
  });
});
