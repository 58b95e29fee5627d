// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor as waitForActor } from "xstate";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import { createFakeAuth, loginResponse } from "../../../machines/auth/sign-in.fakes.test-helper.ts";
import { renderWithFlow } from "../../app/render-app.test-helper.tsx";
import { ChangePasswordPage } from "./change-password-page.tsx";

let fakes = createFakeAuth();
afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

const OLD = "old-password-1";

const atPasswordChange = async () => {
  fakes = createFakeAuth();
  const rendered = renderWithFlow(<ChangePasswordPage />, { actors: fakes.actors, path: "/auth/change-password" });
  fakes.resolveNext("login", loginResponse({ changePassword: true, methods: ["email"] }));
  act(() => rendered.actor.send({ type: "credentials.submit", email: "ana@clinic.test", password: OLD }));
  await act(() => waitForActor(rendered.actor, (snapshot) => snapshot.matches("changingPassword")));
  return rendered;
};

const fill = (values: { old: string; next: string; confirmation: string }) => {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: values.old } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: values.next } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: values.confirmation } });
};

const submit = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
  // React Aria focuses the first invalid field a microtask after a blocked submit.
  await act(async () => {});
};

describe("ChangePasswordPage", () => {
  it.each([
    ["too short (ERROR_006)", { old: OLD, next: "short", confirmation: "short" }, "New password", "The password must be at least 8 characters long"],
    ["the same as the old one (ERROR_010)", { old: OLD, next: OLD, confirmation: OLD }, "New password", "The new password cannot be the same as the old password"],
    ["not confirmed (ERROR_008)", { old: OLD, next: "new-password-2", confirmation: "new-password-3" }, "Confirm new password", "The passwords do not match"],
  ])("refuses a new password that is %s on its field, without a call", async (_name, values, field, message) => {
    await atPasswordChange();
    fill(values);
    await submit();
    const input = screen.getByLabelText(field);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(screen.getByText(message)).toBeTruthy();
    expect(fakes.calls.changePassword).toEqual([]);
  });

  it.each([["ERROR_007"], ["ERROR_011"]] as const)("announces the server's %s in an alert", async (code) => {
    const { actor } = await atPasswordChange();
    fakes.rejectNext("changePassword", { code, message: catalogueMessage(code), status: 400 });
    fill({ old: OLD, next: "new-password-2", confirmation: "new-password-2" });
    await submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(catalogueMessage(code)));
    expect(actor.getSnapshot().matches({ changingPassword: "enteringPasswords" })).toBe(true);
  });

  it("sends the three passwords and moves on when the server accepts them", async () => {
    const { actor } = await atPasswordChange();
    fakes.resolveNext("changePassword", undefined);
    fill({ old: OLD, next: "new-password-2", confirmation: "new-password-2" });
    await submit();
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("choosingMethod")));
    expect(fakes.calls.changePassword.map((call) => call.body)).toEqual([
      { old_password: OLD, new_password: "new-password-2", new_password_confirmation: "new-password-2" },
    ]);
  });
});
