// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { waitFor as waitForActor } from "xstate";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import { createFakeAuth, loginResponse, qrResponse } from "../../../machines/auth/sign-in.fakes.test-helper.ts";
import { renderWithFlow } from "../../app/render-app.test-helper.tsx";
import { MfaRegistrationPage } from "./mfa-registration-page.tsx";

let fakes = createFakeAuth();
afterEach(() => {
  expect(fakes.unexpected, "an actor was called without a scripted answer").toEqual([]);
  expect(fakes.leftover(), "a scripted answer was never used").toEqual([]);
  Reflect.deleteProperty(navigator, "clipboard");
});

/** A user with no second factor, who has chosen to register `method` on /auth/mfa. */
const registering = async (method: "sms" | "app") => {
  fakes = createFakeAuth();
  const rendered = renderWithFlow(<MfaRegistrationPage />, {
    actors: fakes.actors,
    path: `/auth/mfa/registration?platform=${method}`,
  });
  fakes.resolveNext("login", loginResponse({ methods: [] }));
  act(() => rendered.actor.send({ type: "credentials.submit", email: "ana@clinic.test", password: "secret-pass" }));
  await act(() => waitForActor(rendered.actor, (snapshot) => snapshot.matches("choosingMethod")));
  if (method === "app") {
    fakes.resolveNext("createMfa", undefined);
    fakes.resolveNext("loadQr", qrResponse());
  }
  act(() => rendered.actor.send({ type: "method.choose", method }));
  return rendered;
};

describe("MfaRegistrationPage, authenticator app", () => {
  it("is busy while the set-up is prepared", async () => {
    await registering("app");
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    await screen.findByRole("img");
  });

  it("shows the QR code as an inline SVG with an accessible name, and the secret as text in groups of four", async () => {
    await registering("app");
    const qr = await screen.findByRole("img", { name: "QR code for adding this portal to your authenticator app" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelector("path")?.getAttribute("d")).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(qr.querySelector("image, foreignObject")).toBeNull();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual([
      "Set up an authenticator app",
    ]);
  });

  it("copies the key without spaces and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await registering("app");
    fireEvent.click(await screen.findByRole("button", { name: "Copy setup key" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Setup key copied."));
    expect(writeText).toHaveBeenCalledWith("JBSWY3DPEHPK3PXP");
  });

  it("tells people how to copy by hand when the browser cannot", async () => {
    await registering("app");
    fireEvent.click(await screen.findByRole("button", { name: "Copy setup key" }));
    expect(screen.getByRole("status").textContent).toMatch(/Select the key and copy it/);
  });

  it("continues to code entry once scanned", async () => {
    const { actor } = await registering("app");
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(actor.getSnapshot().matches("enteringCode")).toBe(true);
    expect(actor.getSnapshot().context.method).toBe("app");
  });
});

describe("MfaRegistrationPage, SMS", () => {
  const phoneInput = () => screen.getByRole("textbox", { name: "Mobile phone number" });

  it("checks the number with the domain rule before any call, on the field itself", async () => {
    await registering("sms");
    fireEvent.change(phoneInput(), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    // React Aria focuses the invalid field a microtask after the blocked submit.
    await act(async () => {});
    expect(phoneInput().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The phone number is not valid")).toBeTruthy();
    expect(fakes.calls.createMfa).toEqual([]);
  });

  it("registers a valid number in E.164 and goes on to code entry", async () => {
    const { actor } = await registering("sms");
    fakes.resolveNext("createMfa", undefined);
    fireEvent.change(phoneInput(), { target: { value: "(202) 555-0143" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    await act(() => waitForActor(actor, (snapshot) => snapshot.matches("enteringCode")));
    expect(fakes.calls.createMfa.map((call) => call.body)).toEqual([{ mfa_option: "sms", phone: "+12025550143" }]);
  });

  it("announces the server's refusal of a number", async () => {
    await registering("sms");
    fakes.rejectNext("createMfa", { code: "ERROR_021", message: catalogueMessage("ERROR_021"), status: 400 });
    fireEvent.change(phoneInput(), { target: { value: "(202) 555-0143" } });
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The phone number already exists"));
    expect(screen.getByRole("button", { name: "Send code" }).hasAttribute("disabled")).toBe(false);
  });
});
