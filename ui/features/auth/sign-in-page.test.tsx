// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor as waitForActor } from "xstate";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import { createFakeAuth, loginResponse } from "../../../machines/auth/sign-in.fakes.test-helper.ts";
import { renderWithFlow } from "../../app/render-app.test-helper.tsx";
import { SignInPage } from "./sign-in-page.tsx";

const EMAIL = "ana@clinic.test";
const PASSWORD = "correct horse battery";

let fakes = createFakeAuth();
afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

const start = () => {
  fakes = createFakeAuth();
  return renderWithFlow(<SignInPage />, { actors: fakes.actors, path: "/auth/sign-in" });
};

const fillAndSubmit = () => {
  fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: EMAIL } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: PASSWORD } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
};

describe("SignInPage", () => {
  it("has one h1, the page title and a keyboard-reachable link to forgot-password", () => {
    start();
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual(["Sign in"]);
    expect(document.title).toBe("Sign in – Speech therapy care portal");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/auth/forgot-password");
  });

  it("sends the typed email and password, and announces ERROR_005 in an alert", async () => {
    start();
    fakes.rejectNext("login", { code: "ERROR_005", message: catalogueMessage("ERROR_005"), status: 400 });
    fillAndSubmit();

    expect(await screen.findByText("The username or password is incorrect")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("The username or password is incorrect");
    expect(fakes.calls.login).toEqual([{ email: EMAIL, password: PASSWORD }]);
  });

  it("marks the button pending while signing in, so a second press sends nothing", async () => {
    const { actor } = start();
    fakes.resolveNext("login", loginResponse({ methods: ["email"] }));
    fillAndSubmit();
    const button = screen.getByRole("button", { name: "Sign in" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(button);
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("choosingMethod")));
    expect(fakes.calls.login).toHaveLength(1);
  });

  it("disables submit when the flow does not accept credentials (snapshot.can is false)", async () => {
    const { actor } = start();
    const button = screen.getByRole("button", { name: "Sign in" });
    expect(button.hasAttribute("disabled")).toBe(false);

    fakes.resolveNext("login", loginResponse({ methods: ["email"] }));
    act(() => actor.send({ type: "credentials.submit", email: EMAIL, password: PASSWORD }));
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("choosingMethod")));

    await waitFor(() => expect(screen.getByRole("button", { name: "Sign in" }).hasAttribute("disabled")).toBe(true));
  });

  it("does not submit with an empty required field, and says which field", () => {
    start();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByRole("textbox", { name: "Email" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    expect(fakes.calls.login).toEqual([]);
  });
});
