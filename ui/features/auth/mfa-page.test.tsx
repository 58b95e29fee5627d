// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor as waitForActor } from "xstate";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { createFakeAuth, loginResponse } from "../../../machines/auth/sign-in.fakes.test-helper.ts";
import { renderWithFlow } from "../../app/render-app.test-helper.tsx";
import { MfaPage } from "./mfa-page.tsx";

let fakes = createFakeAuth();
afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

const atMethodChoice = async (methods: readonly MfaMethod[], defaultMethod: MfaMethod | null = null) => {
  fakes = createFakeAuth();
  const rendered = renderWithFlow(<MfaPage />, { actors: fakes.actors, path: "/auth/mfa" });
  fakes.resolveNext("login", loginResponse({ methods, defaultMethod }));
  act(() => rendered.actor.send({ type: "credentials.submit", email: "ana@clinic.test", password: "secret-pass" }));
  await act(() => waitForActor(rendered.actor, (snapshot) => snapshot.matches("choosingMethod")));
  return rendered;
};

describe("MfaPage", () => {
  it("lists the registered methods as radios, the default one chosen, and offers none to set up (Settings adds them)", async () => {
    await atMethodChoice(["email", "sms"], "sms");
    const group = screen.getByRole("radiogroup", { name: "Verification method" });
    expect(group).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Email/ })).toHaveProperty("checked", false);
    expect(screen.getByRole("radio", { name: /Text message \(SMS\) \(default\)/ })).toHaveProperty("checked", true);
    expect(screen.getByText(/phone number ending in 4567/)).toBeTruthy();
    // Issue 19: setting up during sign-in would let a password alone add a factor.
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["Continue"]);
    expect(screen.getByText(/add another way to verify in Settings/)).toBeTruthy();
  });

  it("does not let an account with a second factor choose to set up another, even by a sent event", async () => {
    const { actor } = await atMethodChoice(["email"]);
    expect(actor.getSnapshot().can({ type: "method.choose", method: "app" })).toBe(false);
    actor.send({ type: "method.choose", method: "sms" });
    expect(actor.getSnapshot().matches("choosingMethod")).toBe(true);
  });

  it("sends a code by the chosen registered method", async () => {
    const { actor } = await atMethodChoice(["email", "sms"], "sms");
    fakes.resolveNext("sendCode", undefined);
    fireEvent.click(screen.getByRole("radio", { name: /Email/ }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("enteringCode")));
    expect(fakes.calls.sendCode.map((call) => call.body)).toEqual([{ mfa_option: "email" }]);
  });

  it("offers every method to set up when none is registered, email included", async () => {
    await atMethodChoice([]);
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Set up a method" })).toBeTruthy();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Set up email codes",
      "Set up text messages",
      "Set up an authenticator app",
    ]);
  });

  it("starts setting up an app from its button, and disables the choices while that runs", async () => {
    const { actor } = await atMethodChoice([]);
    fakes.resolveNext("createMfa", undefined);
    fakes.resolveNext("loadQr", { secret: "JBSWY3DPEHPK3PXP", url: "otpauth://totp/Portal:ana?secret=JBSWY3DPEHPK3PXP" });
    fireEvent.click(screen.getByRole("button", { name: "Set up an authenticator app" }));
    expect(screen.getByRole("button", { name: "Set up text messages" }).hasAttribute("disabled")).toBe(true);
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches({ registeringMethod: "showingQr" })));
    expect(fakes.calls.createMfa.map((call) => call.body)).toEqual([{ mfa_option: "app" }]);
  });
});
