// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor as waitForActor } from "xstate";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import type { MfaMethod } from "../../../domain/shared/wire/mfa-method.ts";
import { createFakeAuth, loginResponse, PRE_AUTH_TOKEN, verifyResponse } from "../../../machines/auth/sign-in.fakes.test-helper.ts";
import { renderWithFlow } from "../../app/render-app.test-helper.tsx";
import { OtpPage } from "./otp-page.tsx";

let fakes = createFakeAuth();
afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
});

/** The code entry of a user whose only (default) method is `method`; email and SMS get a code sent first. */
const atCodeEntry = async (method: MfaMethod) => {
  fakes = createFakeAuth();
  const rendered = renderWithFlow(<OtpPage />, { actors: fakes.actors, path: `/auth/mfa/otp?platform=${method}` });
  fakes.resolveNext("login", loginResponse({ defaultMethod: method, methods: [method] }));
  if (method !== "app") fakes.resolveNext("sendCode", undefined);
  act(() => rendered.actor.send({ type: "credentials.submit", email: "ana@clinic.test", password: "secret-pass" }));
  await act(() => waitForActor(rendered.actor, (snapshot) => snapshot.matches("enteringCode")));
  return rendered;
};

const codeInput = () => screen.getByRole("textbox", { name: "Verification code" });

const describedByText = (element: HTMLElement): string =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

describe("OtpPage", () => {
  it("is one numeric input with one-time-code autofill and a 6-character limit", async () => {
    await atCodeEntry("app");
    const input = codeInput();
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(input.getAttribute("maxlength")).toBe("6");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toBe("Enter your verification code – Speech therapy care portal");
  });

  it("keeps only the digits of a pasted '123 456' and submits them", async () => {
    const { actor } = await atCodeEntry("app");
    fakes.resolveNext("verifyCode", verifyResponse());

    fireEvent.paste(codeInput(), { clipboardData: { getData: () => "123 456" } });
    expect(codeInput()).toHaveProperty("value", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("signedIn")));
    expect(fakes.calls.verifyCode).toEqual([{ token: PRE_AUTH_TOKEN, body: { mfa_option: "app", otp_code: "123456" } }]);
  });

  it("drops letters and dashes as they are typed", async () => {
    await atCodeEntry("app");
    fireEvent.change(codeInput(), { target: { value: "12-3a" } });
    expect(codeInput()).toHaveProperty("value", "123");
  });

  it("announces ERROR_019 for a short code without calling the server, and ties it to the input", async () => {
    await atCodeEntry("app");
    fireEvent.change(codeInput(), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The OTP code is invalid");
    expect(codeInput().getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(codeInput())).toContain("The OTP code is invalid");
    expect(fakes.calls.verifyCode).toEqual([]);
  });

  it("announces the server's ERROR_019 and lets the person try again", async () => {
    const { actor } = await atCodeEntry("app");
    fakes.rejectNext("verifyCode", { code: "ERROR_019", message: catalogueMessage("ERROR_019"), status: 400 });
    fireEvent.change(codeInput(), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The OTP code is invalid"));
    expect(actor.getSnapshot().matches("enteringCode")).toBe(true);
    expect(screen.getByRole("button", { name: "Verify" }).hasAttribute("disabled")).toBe(false);

    // The refused code marks the field invalid, which must not block submitting the next code.
    fakes.resolveNext("verifyCode", verifyResponse());
    fireEvent.change(codeInput(), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("signedIn")));
    expect(fakes.calls.verifyCode.map((call) => call.body.otp_code)).toEqual(["654321", "123456"]);
  });

  it("offers Resend for an emailed code and says when a new one is on its way", async () => {
    const { actor } = await atCodeEntry("email");
    expect(screen.getByText(/email address you sign in with/)).toBeTruthy();
    fakes.resolveNext("sendCode", undefined);
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("enteringCode")));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("We sent you a new code."));
    expect(fakes.calls.sendCode).toHaveLength(2);
  });

  it("names the phone by its last digits for an SMS code", async () => {
    await atCodeEntry("sms");
    expect(screen.getByText(/phone number ending in 4567/)).toBeTruthy();
  });

  it("offers no Resend for an authenticator app, which makes its own codes", async () => {
    await atCodeEntry("app");
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();
  });

  it("goes back to the method choice on 'Use another method'", async () => {
    const { actor } = await atCodeEntry("app");
    fireEvent.click(screen.getByRole("button", { name: "Use another method" }));
    expect(actor.getSnapshot().matches("choosingMethod")).toBe(true);
  });
});
